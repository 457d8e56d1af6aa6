// Response schemas of the media API's account routes, as media-detection-service.md shows them.
import { Type } from 'typebox';
import { SERVICE_TYPES } from '../store/store.js';

const Timestamp = Type.String({ format: 'date-time' });
const ServiceTypeOrNull = Type.Union([Type.Enum([...SERVICE_TYPES]), Type.Null()]);

/** `GET /users/profile`. */
export const ProfileSchema = Type.Object({
  success: Type.Literal(true),
  user: Type.Object({
    id: Type.String(),
    email: Type.String(),
    name: Type.Union([Type.String(), Type.Null()]),
    tier: Type.Null(),
    emailVerified: Type.Boolean(),
    createdAt: Timestamp,
  }),
  credits: Type.Integer(),
});

/** `GET /users/credits`. */
export const CreditsSchema = Type.Object({ success: Type.Literal(true), userId: Type.String(), balance: Type.Integer() });

/** `GET /users/credits/ledger`. */
export const LedgerSchema = Type.Object({
  success: Type.Literal(true),
  userId: Type.String(),
  entries: Type.Array(
    Type.Object({ id: Type.String(), delta: Type.Integer(), reason: Type.String(), ref: Type.Union([Type.String(), Type.Null()]), created_at: Timestamp }),
  ),
  pagination: Type.Object({ limit: Type.Integer(), offset: Type.Integer(), total: Type.Integer(), has_more: Type.Boolean() }),
});

const UserRef = Type.Object({ id: Type.String(), email: Type.String() });

/** `POST /users/api-key/generate`. */
export const KeyGeneratedSchema = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  warning: Type.String(),
  user: UserRef,
  apiKey: Type.Object({
    id: Type.String(),
    value: Type.String({ description: 'The plaintext key, shown this once.' }),
    serviceType: ServiceTypeOrNull,
    isUniversal: Type.Boolean(),
    name: Type.String(),
    created: Timestamp,
    lastUpdated: Timestamp,
    note: Type.String(),
  }),
});

/** `DELETE /users/api-key/revoke/{apiKeyId}`. */
export const KeyRevokedSchema = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  user: UserRef,
  revokedKey: Type.Object({ id: Type.String(), serviceType: ServiceTypeOrNull, isUniversal: Type.Boolean(), name: Type.Union([Type.String(), Type.Null()]) }),
});
