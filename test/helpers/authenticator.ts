/**
 * A software passkey authenticator for tests: ES256 keys from node:crypto, attestation `none`,
 * and assertions signed as a real authenticator signs them (WebAuthn §6.1, §6.3.3), so that the
 * server's library checks them in full. Each credential keeps its signature counter.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64 = (b: Uint8Array | string): string => Buffer.from(b).toString('base64url');
const sha256 = (b: Uint8Array | string): Buffer => createHash('sha256').update(b).digest();

export interface CreationOptions {
  readonly challenge: string;
  readonly rp: { readonly id?: string };
  readonly user: { readonly id: string };
}
export interface RequestOptions {
  readonly challenge: string;
  readonly rpId?: string;
}

export class SoftCredential {
  readonly id = randomBytes(16);
  private readonly privateKey: KeyObject;
  readonly publicJwk: { x: string; y: string };
  counter = 0;

  constructor(
    readonly rpId: string,
    /** The user handle (base64url) the creation options named. */
    readonly userHandle: string,
  ) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    this.publicJwk = { x: jwk.x!, y: jwk.y! };
  }

  /** The COSE_Key of the public key: kty EC2, alg ES256, crv P-256, x, y. */
  private coseKey(): Uint8Array {
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, new Uint8Array(Buffer.from(this.publicJwk.x, 'base64url'))],
        [-3, new Uint8Array(Buffer.from(this.publicJwk.y, 'base64url'))],
      ]),
    );
  }

  private authData(flags: number, attested: Uint8Array | null, rpId = this.rpId): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  /** navigator.credentials.create()'s answer, as @simplewebauthn/browser would send it. */
  registration(challenge: string, origin: string, opts: { rpId?: string } = {}) {
    const clientData = JSON.stringify({ type: 'webauthn.create', challenge, origin, crossOrigin: false });
    const idLen = Buffer.alloc(2);
    idLen.writeUInt16BE(this.id.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLen, this.id, this.coseKey()]);
    // Flags: user present (0x01), user verified (0x04), attested credential data (0x40).
    const authData = this.authData(0x45, attested, opts.rpId);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]) as never,
    );
    return {
      id: b64(this.id),
      rawId: b64(this.id),
      type: 'public-key' as const,
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
      response: { clientDataJSON: b64(clientData), attestationObject: b64(attestationObject), transports: ['internal'] },
    };
  }

  /** navigator.credentials.get()'s answer: the counter goes up by one, the signature covers authData ‖ SHA-256(clientDataJSON). */
  assertion(challenge: string, origin: string, opts: { rpId?: string; userHandle?: string; verified?: boolean } = {}) {
    this.counter++;
    const clientData = JSON.stringify({ type: 'webauthn.get', challenge, origin, crossOrigin: false });
    // Flags: user present (0x01), and user verified (0x04) unless asked for an assertion without it.
    const authData = this.authData(opts.verified === false ? 0x01 : 0x05, null, opts.rpId);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), this.privateKey);
    return {
      id: b64(this.id),
      rawId: b64(this.id),
      type: 'public-key' as const,
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
      response: {
        clientDataJSON: b64(clientData),
        authenticatorData: b64(authData),
        signature: b64(signature),
        userHandle: opts.userHandle ?? this.userHandle,
      },
    };
  }
}
