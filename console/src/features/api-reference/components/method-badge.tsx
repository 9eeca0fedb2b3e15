import { Badge } from '@mantine/core';
import type { HttpMethod } from '../types/openapi';
import classes from './api-reference.module.css';

/** Shade 9 of each colour keeps white badge text above 4.5:1 (WCAG AA). */
const METHOD_COLORS: Record<HttpMethod, string> = {
  get: 'blue.9',
  post: 'teal.9',
  put: 'grape.9',
  patch: 'grape.9',
  delete: 'red.9',
  head: 'gray.7',
  options: 'gray.7',
  trace: 'gray.7',
};

export function MethodBadge({ method }: { method: HttpMethod }) {
  return (
    <Badge color={METHOD_COLORS[method]} variant="filled" radius="sm" className={classes.methodBadge}>
      {method.toUpperCase()}
    </Badge>
  );
}
