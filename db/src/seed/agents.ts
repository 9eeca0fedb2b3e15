/** 8,000+ generated signing agents at real zip codes, plus the demo agent's and the pending agent's profiles. */
import { randomUUID } from 'node:crypto';
import zipcodes from 'zipcodes';
import { milesBetween, OFFER_RADIUS_MILES } from '@signingdesk/domain/eligibility';
import type { Tx } from '../index';
import * as schema from '../schema/index';
import {
  COMPANY_SUFFIXES,
  DEMO_AGENT_PROFILE,
  FIRST_NAMES,
  LAST_NAMES,
  PENDING_AGENT_PROFILE,
  STATE_WEIGHTS,
  STREET_NAMES,
  type DemoAccount,
} from './data';
import type { SeedOptions } from './options';
import { insertUsers, type Accounts } from './people';
import type { Random } from './random';
import { insertChunked, weightedPick, type Place } from './support';

export interface SeededAgent {
  id: string;
  name: string;
  certifiedStates: string[];
  active: boolean;
  latitude: number;
  longitude: number;
}

/** Whether the offer rule (decision 048) admits this agent for a signing at `place`. */
export function eligibleFor(agent: SeededAgent, place: Place): boolean {
  return agent.active && agent.certifiedStates.includes(place.state) && milesBetween(agent, place) <= OFFER_RADIUS_MILES;
}

export function buildAgents(
  random: Random,
  places: Map<string, Place[]>,
  options: SeedOptions,
  independentFirmId: string,
  accounts: Accounts,
) {
  const total = options.agentCount ?? 8200;
  const allStates = Object.keys(STATE_WEIGHTS);
  const people: (DemoAccount & { firmId: string; id: string })[] = [];
  const profiles: (typeof schema.agentProfiles.$inferInsert)[] = [];
  const agents: SeededAgent[] = [];
  for (let i = 1; i <= total; i++) {
    const firstName = random.pick(FIRST_NAMES);
    const lastName = random.pick(LAST_NAMES);
    const home = weightedPick(random, STATE_WEIGHTS);
    const place = random.pick(places.get(home)!);
    const extra = random.chance(0.3)
      ? random.sample(
          allStates.filter((s) => s !== home),
          random.int(1, 4),
        )
      : [];
    const certifiedStates = [home, ...extra];
    const pending = random.chance(0.05);
    const id = randomUUID();
    const name = `${firstName} ${lastName}`;
    people.push({
      id,
      email: `agent${String(i).padStart(5, '0')}@agents.demo.test`,
      name,
      role: 'notary',
      firm: 'independent',
      firmId: independentFirmId,
      status: pending ? 'pending' : 'active',
      phone: `${random.int(201, 989)}555${String(random.int(0, 9999)).padStart(4, '0')}`,
    });
    profiles.push({
      userId: id,
      firstName,
      lastName,
      companyName: random.chance(0.4) ? `${lastName} ${random.pick(COMPANY_SUFFIXES)}` : null,
      address1: `${random.int(10, 9999)} ${random.pick(STREET_NAMES)}`,
      city: place.city,
      state: home,
      zip: place.zip,
      latitude: place.latitude,
      longitude: place.longitude,
      laserPrinter: random.chance(0.85),
      dualTrayPrinter: random.chance(0.55),
      smsOptIn: random.chance(0.7),
      certifiedStates,
      yearsExperience: random.int(1, 25),
      registrationStatus: pending ? 'pending' : 'approved',
      reviewedAt: pending ? null : new Date(Date.now() - random.int(30, 900) * 86_400_000),
      preferred: !pending && random.chance(0.08),
    });
    agents.push({ id, name, certifiedStates, active: !pending, latitude: place.latitude, longitude: place.longitude });
  }

  const demoPlace = zipcodes.lookup(DEMO_AGENT_PROFILE.zip)!;
  const pendingPlace = zipcodes.lookup(PENDING_AGENT_PROFILE.zip)!;
  profiles.push(
    {
      ...DEMO_AGENT_PROFILE,
      userId: accounts.demoAgent.id,
      latitude: demoPlace.latitude,
      longitude: demoPlace.longitude,
      laserPrinter: true,
      dualTrayPrinter: true,
      smsOptIn: true,
      registrationStatus: 'approved',
      reviewedAt: new Date(Date.now() - 400 * 86_400_000),
      preferred: true,
    },
    {
      ...PENDING_AGENT_PROFILE,
      userId: accounts.pendingAgent.id,
      latitude: pendingPlace.latitude,
      longitude: pendingPlace.longitude,
      registrationStatus: 'pending',
    },
  );

  const demoAgent: SeededAgent = {
    id: accounts.demoAgent.id,
    name: accounts.demoAgent.name,
    certifiedStates: [...DEMO_AGENT_PROFILE.certifiedStates],
    active: true,
    latitude: demoPlace.latitude,
    longitude: demoPlace.longitude,
  };
  const byState = new Map<string, SeededAgent[]>();
  for (const agent of agents.filter((a) => a.active)) {
    for (const state of agent.certifiedStates) byState.set(state, [...(byState.get(state) ?? []), agent]);
  }
  return { people, profiles, all: [...agents, demoAgent], byState, demoAgent };
}
export type Agents = ReturnType<typeof buildAgents>;

export async function insertAgents(tx: Tx, agents: Agents, passwordHash: string) {
  await insertUsers(tx, passwordHash, agents.people);
  await insertChunked(tx, schema.agentProfiles, agents.profiles);
}
