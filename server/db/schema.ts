import { sql } from 'drizzle-orm';
import { CONSULTATION_STATUSES } from '../../shared/schemas/consultations';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** Clients of the agency, as known from their OpenID Connect sign-in. */
export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    oidcIssuer: text().notNull(),
    oidcSubject: text().notNull(),
    email: text(),
    firstName: text(),
    lastName: text(),
    businessName: text(),
    phoneNumber: text(),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_oidc_identity_idx').on(t.oidcIssuer, t.oidcSubject)],
);
export type User = typeof users.$inferSelect;

/** The agency's own staff; e-mails are stored lower-case. */
export const admins = pgTable('admins', {
  id: uuid().primaryKey().defaultRandom(),
  email: text().notNull().unique(),
  passwordHash: text().notNull(),
  firstName: text(),
  lastName: text(),
  createdAt: createdAt(),
});
export type Admin = typeof admins.$inferSelect;

/** express-session records, client and admin alike (told apart by their cookie). */
export const sessions = pgTable(
  'sessions',
  {
    sid: text().primaryKey(),
    sess: jsonb().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_expires_at_idx').on(t.expiresAt)],
);

/** Accounts of the built-in OpenID provider (used only when no external issuer is set). */
export const identityAccounts = pgTable('identity_accounts', {
  id: uuid().primaryKey().defaultRandom(),
  email: text().notNull().unique(),
  passwordHash: text().notNull(),
  firstName: text().notNull(),
  lastName: text().notNull(),
  createdAt: createdAt(),
});
export type IdentityAccount = typeof identityAccounts.$inferSelect;

/** oidc-provider's models (sessions, interactions, codes, grants...), one row each. */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    id: text().notNull(),
    type: text().notNull(),
    payload: jsonb().notNull(),
    grantId: text(),
    userCode: text(),
    uid: text(),
    expiresAt: timestamp({ withTimezone: true }),
    consumedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.type, t.id] }),
    index('oidc_payloads_grant_id_idx').on(t.grantId),
    index('oidc_payloads_uid_idx').on(t.uid),
    index('oidc_payloads_user_code_idx').on(t.userCode),
    index('oidc_payloads_expires_at_idx').on(t.expiresAt),
  ],
);

/** Values generated once on first start and kept: signing keys, cookie secrets. */
export const secrets = pgTable('secrets', {
  name: text().primaryKey(),
  value: jsonb().notNull(),
  createdAt: createdAt(),
});

/** The single settings record (id 1): brand and contact details shown across the product. */
export const settings = pgTable('settings', {
  id: integer().primaryKey().default(1),
  businessName: text().notNull(),
  businessEmail: text().notNull(),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .default(sql`now()`),
});
export type Settings = typeof settings.$inferSelect;

/** Free-consultation requests from the landing page's lead modal. */
export const consultations = pgTable(
  'consultations',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    email: text().notNull(),
    businessName: text(),
    phone: text(),
    details: text(),
    status: text({ enum: CONSULTATION_STATUSES }).notNull().default('new'),
    createdAt: createdAt(),
  },
  (t) => [index('consultations_created_at_idx').on(t.createdAt)],
);
export type Consultation = typeof consultations.$inferSelect;
