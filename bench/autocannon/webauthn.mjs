// A passkey's assertion, made as a phone's authenticator makes it (issue 57): the same
// bytes as the tests' software authenticator (bff/tests/soft_authenticator.py), signed with
// node's crypto so that autocannon's per-request hooks can answer a sign-in challenge.
//
// A credential, as bench/autocannon.py writes it: {credentialId, privateKeyPem, userHandle,
// signCount} (base64url ids, the ES256 key as PKCS#8 PEM). Each assertion raises the sign
// count by one, as a counting authenticator does: the BFF refuses a count that does not grow
// (bff/passkeys/service.py), so one customer's assertions must be made one at a time.
//
// Run alone, it reads {credential, options, origin} as JSON on stdin and writes
// {assertion, signCount}: bench/tests/test_autocannon.py checks it against the BFF.
import { createHash, createPrivateKey, sign } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'

const USER_PRESENT = 0x01
const USER_VERIFIED = 0x04

const sha256 = (data) => createHash('sha256').update(data).digest()

export class Passkey {
  constructor ({ credentialId, privateKeyPem, userHandle, signCount }) {
    this.credentialId = credentialId
    this.key = createPrivateKey(privateKeyPem)
    this.userHandle = userHandle
    this.signCount = signCount || 0
    this.rpHashes = new Map()
  }

  // navigator.credentials.get() with these request options (PublicKeyCredentialRequestOptionsJSON).
  assertion (options, origin) {
    const allowed = (options.allowCredentials || []).map((c) => c.id)
    if (allowed.length && !allowed.includes(this.credentialId)) {
      throw new Error('not an allowed credential')
    }
    this.signCount += 1
    const clientData = Buffer.from(JSON.stringify({
      type: 'webauthn.get', challenge: options.challenge, origin, crossOrigin: false
    }))
    let rpHash = this.rpHashes.get(options.rpId)
    if (!rpHash) {
      rpHash = sha256(options.rpId)
      this.rpHashes.set(options.rpId, rpHash)
    }
    const authData = Buffer.alloc(37)
    rpHash.copy(authData, 0)
    authData[32] = USER_PRESENT | USER_VERIFIED
    authData.writeUInt32BE(this.signCount, 33)
    // ES256: ECDSA over P-256 with SHA-256, DER-encoded as WebAuthn wants (node's default).
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), this.key)
    const response = {
      clientDataJSON: clientData.toString('base64url'),
      authenticatorData: authData.toString('base64url'),
      signature: signature.toString('base64url')
    }
    if (this.userHandle) response.userHandle = this.userHandle
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key',
      response,
      clientExtensionResults: {},
      authenticatorAttachment: 'platform'
    }
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { credential, options, origin } = JSON.parse(readFileSync(0, 'utf8'))
  const passkey = new Passkey(credential)
  const assertion = passkey.assertion(options, origin)
  process.stdout.write(JSON.stringify({ assertion, signCount: passkey.signCount }) + '\n')
}
