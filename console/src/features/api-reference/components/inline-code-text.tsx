import { Code } from '@mantine/core';

/** Text from the OpenAPI document, with its `backtick` spans shown as code (the only markup it uses). */
export function InlineCodeText({ text }: { text: string }) {
  const parts = text.split(/`([^`]+)`/);
  return <>{parts.map((part, index) => (index % 2 === 1 ? <Code key={index}>{part}</Code> : part))}</>;
}
