// Security keys and passkeys (#48) with @simplewebauthn/server: the relying party is APP_URL (its host is the rpID,
// its origin the only origin accepted). Registration's challenge waits in webauthn_challenges; a sign-in's on the
// pending sign-in.
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransportFuture,
  RegistrationResponseJSON,
} from '@simplewebauthn/types';
import { db, type Tx } from '@/lib/db';
import { clock } from '@/lib/clock';
import { env } from '@/lib/env';
import { logger } from '@/lib/log';

const RP_NAME = 'Tracker';
const CHALLENGE_TTL_MS = 5 * 60 * 1000;

export function relyingParty() {
  const url = new URL(env.appUrl);
  return { rpID: url.hostname, origin: url.origin };
}

/** Options for navigator.credentials.create: the person's existing keys are excluded, a passkey is preferred. */
export async function registrationOptions(user: { id: string; email: string; name: string }) {
  const keys = await db.webAuthnCredential.findMany({
    where: { userId: user.id },
    select: { credentialId: true, transports: true },
  });
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: relyingParty().rpID,
    userID: user.id,
    userName: user.email,
    userDisplayName: user.name,
    attestationType: 'none',
    excludeCredentials: keys.map((k) => ({
      id: isoBase64URL.toBuffer(k.credentialId),
      type: 'public-key' as const,
      transports: k.transports as AuthenticatorTransportFuture[],
    })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  const expiresAt = new Date(clock.nowMs() + CHALLENGE_TTL_MS);
  await db.webAuthnChallenge.upsert({
    where: { userId: user.id },
    create: { userId: user.id, challenge: options.challenge, expiresAt },
    update: { challenge: options.challenge, expiresAt },
  });
  return options;
}

/** Checks the browser's answer to the registration challenge (used once) and stores the new credential. */
export async function verifyRegistration(
  tx: Tx,
  { userId, response, name }: { userId: string; response: RegistrationResponseJSON; name: string },
) {
  const pending = await tx.webAuthnChallenge.findUnique({ where: { userId } });
  await tx.webAuthnChallenge.deleteMany({ where: { userId } });
  if (!pending || pending.expiresAt <= clock.now()) return null;
  const { rpID, origin } = relyingParty();
  const verified = await verifyRegistrationResponse({
    response,
    expectedChallenge: pending.challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: false,
  }).catch((err: Error) => {
    logger.info({ err: err.message }, 'webauthn registration refused');
    return null;
  });
  if (!verified?.verified || !verified.registrationInfo) return null;
  const info = verified.registrationInfo;
  return tx.webAuthnCredential.create({
    data: {
      userId,
      credentialId: isoBase64URL.fromBuffer(info.credentialID),
      publicKey: Buffer.from(info.credentialPublicKey),
      counter: BigInt(info.counter),
      transports: response.response.transports ?? [],
      name,
    },
  });
}

/** Options for navigator.credentials.get during a pending sign-in: only this person's keys are allowed. */
export async function authenticationOptions(userId: string) {
  const keys = await db.webAuthnCredential.findMany({
    where: { userId },
    select: { credentialId: true, transports: true },
  });
  return generateAuthenticationOptions({
    rpID: relyingParty().rpID,
    userVerification: 'preferred',
    allowCredentials: keys.map((k) => ({
      id: isoBase64URL.toBuffer(k.credentialId),
      type: 'public-key' as const,
      transports: k.transports as AuthenticatorTransportFuture[],
    })),
  });
}

/**
 * Checks an assertion against the challenge issued and one of the person's keys; the signature counter must move
 * forward (a cloned key replaying an old counter is refused), in the write that records it.
 */
export async function verifyAssertion(
  userId: string,
  challenge: string,
  response: AuthenticationResponseJSON,
): Promise<boolean> {
  const key = await db.webAuthnCredential.findFirst({ where: { userId, credentialId: response.id } });
  if (!key) return false;
  const { rpID, origin } = relyingParty();
  const verified = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    authenticator: {
      credentialID: isoBase64URL.toBuffer(key.credentialId),
      credentialPublicKey: new Uint8Array(key.publicKey),
      counter: Number(key.counter),
      transports: key.transports as AuthenticatorTransportFuture[],
    },
    requireUserVerification: false,
  }).catch((err: Error) => {
    logger.info({ err: err.message }, 'webauthn assertion refused');
    return null;
  });
  if (!verified?.verified) return false;
  const next = BigInt(verified.authenticationInfo.newCounter);
  // Authenticators that keep no counter always say 0: then there is nothing to compare.
  const moved = await db.webAuthnCredential.updateMany({
    where: { id: key.id, ...(next > 0n ? { counter: { lt: next } } : {}) },
    data: { counter: next, lastUsedAt: clock.now() },
  });
  return moved.count === 1;
}
