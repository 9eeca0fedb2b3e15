import { Code, Text } from '@mantine/core';
import classes from './api-reference.module.css';

const NODE_EXAMPLE = `import express from 'express';
import { Webhook } from 'standardwebhooks';

const app = express();
const wh = new Webhook(process.env.SIGNINGDESK_WEBHOOK_SECRET); // whsec_…

app.post('/signingdesk', express.raw({ type: 'application/json' }), (req, res) => {
  const event = wh.verify(req.body, req.headers); // throws if the signature or the time is wrong
  // event.id is the webhook-id: the same on every retry, so ignore one you have seen
  res.sendStatus(204);
});`;

/** How a receiver checks that a delivery came from SigningDesk: with a library, and by hand. */
export function WebhookVerification() {
  return (
    <>
      <Text>
        Check the signature before trusting a delivery, over the body exactly as it arrived: parse the JSON only afterwards, since parsing
        and writing it again changes the bytes. Any Standard Webhooks library does it; in Node, with the <Code>standardwebhooks</Code>{' '}
        package and Express:
      </Text>
      {/* Focusable and labelled, so a keyboard can scroll the example sideways on a narrow screen. */}
      <Code block className={classes.codeBlock} tabIndex={0} role="region" aria-label="Example: verifying a webhook in Node">
        {NODE_EXAMPLE}
      </Code>
      <Text>
        Without a library: take the part of the endpoint’s secret after <Code>whsec_</Code> and base64-decode it, which gives the key.
        Compute the HMAC-SHA256 of <Code className={classes.nowrap}>{'${webhook-id}.${webhook-timestamp}.${body}'}</Code> with that key and
        base64-encode it. The <Code>webhook-signature</Code> header holds one or more signatures separated by spaces, each <Code>v1,</Code>{' '}
        followed by a base64 value: accept the delivery when one of them equals yours (compare in constant time, e.g. with{' '}
        <Code>crypto.timingSafeEqual</Code>), and refuse it when <Code>webhook-timestamp</Code> is more than 5 minutes older (or newer) than
        your clock, so a delivery someone recorded cannot be replayed later.
      </Text>
    </>
  );
}
