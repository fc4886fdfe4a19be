import { z } from 'zod';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/types';

const code = z.string().trim().min(1, 'Code is required').max(32, 'Code must be at most 32 characters');

// The browser's PublicKeyCredential as @simplewebauthn/browser serializes it; the library checks the rest.
const credentialBase = {
  id: z.string().min(1).max(1024),
  rawId: z.string().min(1).max(1024),
  type: z.literal('public-key'),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.string().max(64).optional(),
};

const registrationResponse = z
  .looseObject({
    ...credentialBase,
    response: z.looseObject({
      clientDataJSON: z.string().max(16_384),
      attestationObject: z.string().max(65_536),
      transports: z.array(z.string().max(32)).max(10).optional(),
    }),
  })
  .transform((v) => v as unknown as RegistrationResponseJSON);

const authenticationResponse = z
  .looseObject({
    ...credentialBase,
    response: z.looseObject({
      clientDataJSON: z.string().max(16_384),
      authenticatorData: z.string().max(16_384),
      signature: z.string().max(4096),
      userHandle: z.string().max(1024).optional(),
    }),
  })
  .transform((v) => v as unknown as AuthenticationResponseJSON);

export const totpCodeSchema = z.object({ code });

export const addWebAuthnSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(64, 'Name must be at most 64 characters'),
  response: registrationResponse,
});

export const secondFactorSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('totp'), code }),
  z.object({ method: z.literal('recovery'), code }),
  z.object({ method: z.literal('webauthn'), response: authenticationResponse }),
]);

export const webauthnKeyParams = z.object({ keyId: z.string().min(1).max(64) });
