import { useDocumentTitle } from '@mantine/hooks';
import { SIGNER_LINK } from '@signingdesk/domain/signing-day';
import { useState } from 'react';
import { useAnswerSignerLink, useSignerLink } from '../api/signer-link';
import { answerEffect, signerScreen, type AnswerEffect } from '../utils/signer-link-screen';
import { SignerAnswerForm, SignerFrame, SignerScreenBody } from './signer-link-view';

/**
 * /confirm/:token — the page a signer's text or email links to (issue 33, item 3): no sign-in,
 * only the signing's date, time and city, and one answer: I will be there, or another time.
 */
export function SignerLinkPage({ token }: { token: string }) {
  useDocumentTitle(`${SIGNER_LINK.pageTitle} | SigningDesk`);
  const link = useSignerLink(token);
  const send = useAnswerSignerLink(token);
  // Once answered (or found used or expired meanwhile), the page's last word.
  const [last, setLast] = useState<Extract<AnswerEffect, { kind: 'done' | 'closed' }> | null>(null);
  const screen = last ?? signerScreen({ data: link.data, error: link.error });
  const onAnswer = async (body: Parameters<typeof send.mutateAsync>[0]) => {
    const effect = answerEffect(await send.mutateAsync(body));
    if (effect.kind === 'done' || effect.kind === 'closed') setLast(effect);
    return effect;
  };
  return (
    <SignerFrame>
      <SignerScreenBody
        screen={screen}
        onRetry={() => void link.refetch()}
        form={<SignerAnswerForm onAnswer={onAnswer} pending={send.isPending} />}
      />
    </SignerFrame>
  );
}
