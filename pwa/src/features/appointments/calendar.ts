/**
 * "Add to calendar": an iCalendar (RFC 5545) event for an assigned appointment, built on the
 * phone (works offline). The start is the appointment's instant (`startsAt`, epoch seconds,
 * derived by the server from date, time and zone), written in UTC; a TBD time becomes an
 * all-day event. One hour by default: signings take about that long. A reminder (VALARM) comes
 * with it, and the signer's phones are written as people read them (issue 30).
 */
import { formatPhone } from '@signingdesk/domain/phone';
import type { AgentAppointmentView } from '../../types/api';

const SIGNING_MINUTES = 60;
/** The reminder: an hour before a timed signing (time to drive there); 9 AM the day before a TBD one. */
const REMINDER_TIMED = '-PT1H';
const REMINDER_TBD = '-PT15H';

export function appointmentIcs(a: AgentAppointmentView, now = new Date()): string {
  const location = `${a.street}, ${a.city}, ${a.state} ${a.zip}`;
  const description = [
    a.fileNumber ? `File number: ${a.fileNumber}` : null,
    a.contactName ? `Signer: ${a.contactName}` : null,
    ...[a.contactPhone1, a.contactPhone2].map((phone) => (phone ? `Signer phone: ${formatPhone(phone)}` : null)),
    a.scanBackRequired ? 'SCAN BACKS ARE REQUIRED' : null,
    a.comments ? `Notes: ${a.comments}` : null,
  ]
    .filter((line): line is string => line !== null)
    .join('\n');
  const timing = a.timeTbd
    ? [`DTSTART;VALUE=DATE:${a.date.replaceAll('-', '')}`]
    : [`DTSTART:${utcStamp(new Date(a.startsAt * 1000))}`, `DTEND:${utcStamp(new Date((a.startsAt + SIGNING_MINUTES * 60) * 1000))}`];
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//SigningDesk//Agent app//EN',
    'CALSCALE:GREGORIAN',
    'BEGIN:VEVENT',
    `UID:${a.id}@signingdesk`,
    `DTSTAMP:${utcStamp(now)}`,
    ...timing,
    `SUMMARY:${escapeText(`Signing: ${a.name}`)}`,
    `LOCATION:${escapeText(location)}`,
    ...(description ? [`DESCRIPTION:${escapeText(description)}`] : []),
    'BEGIN:VALARM',
    'ACTION:DISPLAY',
    `DESCRIPTION:${escapeText(`Signing: ${a.name}`)}`,
    `TRIGGER:${a.timeTbd ? REMINDER_TBD : REMINDER_TIMED}`,
    'END:VALARM',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

export function icsFileName(a: AgentAppointmentView): string {
  const safe =
    a.name
      .replace(/[^A-Za-z0-9 _-]+/g, '')
      .trim()
      .replace(/\s+/g, '-') || 'appointment';
  return `${safe}-${a.date}.ics`;
}

function utcStamp(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
}

/** RFC 5545 §3.3.11: backslash, semicolon, comma and newlines are escaped. */
export function escapeText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** RFC 5545 §3.1: lines longer than 75 octets are folded (CRLF + space). */
function fold(line: string): string {
  const bytes = new TextEncoder().encode(line);
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const charSize = new TextEncoder().encode(char).length;
    const limit = parts.length === 0 ? 75 : 74;
    if (size + charSize > limit) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += charSize;
  }
  parts.push(current);
  return parts.join('\r\n ');
}
