/** What the seed is given and what it answers: the options, the seeded files, the summary. */
import type * as schema from '../schema/index';

export type TimeZone = 'ET' | 'CT' | 'MT' | 'PT' | 'HT' | 'AK';
export type AppointmentStatus = (typeof schema.appointmentStatus.enumValues)[number];

export interface SeedOptions {
  /** better-auth hash of the demo password; computed once by the caller. */
  passwordHash: string;
  /** Epoch seconds of a wall-clock appointment time (the domain's time module). */
  instantOf: (date: string, time: string, zone: TimeZone) => number;
  agentCount?: number;
  now?: Date;
  /**
   * Stores the bytes of the seeded files and answers each stored file's size by id, which
   * becomes its row's sizeBytes. Called inside the seed transaction, while the agents are
   * inserted and before any file row is, so a failure leaves no rows. Without it the rows
   * point at no bytes (a download answers 404) and carry made-up sizes: enough for callers
   * that never download.
   */
  storeFiles?: (files: SeededFile[]) => Promise<ReadonlyMap<string, number>>;
}

/** A seeded file row with what a stand-in content needs to say about it. */
export interface SeededFile {
  id: string;
  kind: (typeof schema.fileKind.enumValues)[number];
  fileName: string;
  storageKey: string;
  contentType: string;
  fileNumber: string;
  appointmentName: string;
}

export interface SeedSummary {
  firms: number;
  users: number;
  agents: number;
  appointments: number;
  offers: number;
  files: number;
  notes: number;
}
