"""A software passkey authenticator for the tests: what a phone's secure element does, in
Python. It answers the BFF's WebAuthn options as a browser with a platform authenticator
would (ES256 key, CBOR-encoded COSE key, attestation "none", resident credentials), in the
JSON form @simplewebauthn/browser sends."""

from __future__ import annotations

import hashlib
import json
import os
from base64 import urlsafe_b64decode, urlsafe_b64encode
from dataclasses import dataclass, field
from typing import Any

import cbor2
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec

ORIGIN = "http://localhost:8000"
USER_PRESENT, USER_VERIFIED, ATTESTED_DATA = 0x01, 0x04, 0x40


def b64url(data: bytes) -> str:
    return urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    return urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class SoftAuthenticator:
    key: ec.EllipticCurvePrivateKey = field(
        default_factory=lambda: ec.generate_private_key(ec.SECP256R1())
    )
    credential_id: bytes = field(default_factory=lambda: os.urandom(32))
    sign_count: int = 0
    # Authenticators that keep no counter (many synced passkeys) always send 0.
    counts: bool = True
    user_handle: str | None = None

    def create(
        self, options: dict[str, Any], origin: str = ORIGIN, verified: bool = True
    ) -> dict[str, Any]:
        """navigator.credentials.create() with these creation options."""
        self.user_handle = options["user"]["id"]
        client_data = self._client_data("webauthn.create", options["challenge"], origin)
        numbers = self.key.public_key().public_numbers()
        cose_key = {
            1: 2,  # kty: EC2
            3: -7,  # alg: ES256
            -1: 1,  # crv: P-256
            -2: numbers.x.to_bytes(32, "big"),
            -3: numbers.y.to_bytes(32, "big"),
        }
        attested = (
            bytes(16)  # AAGUID: none given with attestation "none"
            + len(self.credential_id).to_bytes(2, "big")
            + self.credential_id
            + cbor2.dumps(cose_key)
        )
        flags = USER_PRESENT | ATTESTED_DATA | (USER_VERIFIED if verified else 0)
        auth_data = self._auth_data(options["rp"]["id"], flags) + attested
        attestation = cbor2.dumps({"fmt": "none", "attStmt": {}, "authData": auth_data})
        return {
            "id": b64url(self.credential_id),
            "rawId": b64url(self.credential_id),
            "type": "public-key",
            "response": {
                "clientDataJSON": b64url(client_data),
                "attestationObject": b64url(attestation),
                "transports": ["internal", "hybrid"],
            },
            "clientExtensionResults": {},
            "authenticatorAttachment": "platform",
        }

    def get(
        self, options: dict[str, Any], origin: str = ORIGIN, verified: bool = True
    ) -> dict[str, Any]:
        """navigator.credentials.get() with these request options (a new signature)."""
        allowed = [c["id"] for c in options.get("allowCredentials", [])]
        assert not allowed or b64url(self.credential_id) in allowed, "not an allowed credential"
        if self.counts:
            self.sign_count += 1
        client_data = self._client_data("webauthn.get", options["challenge"], origin)
        flags = USER_PRESENT | (USER_VERIFIED if verified else 0)
        auth_data = self._auth_data(options["rpId"], flags)
        signature = self.key.sign(
            auth_data + hashlib.sha256(client_data).digest(), ec.ECDSA(hashes.SHA256())
        )
        response = {
            "clientDataJSON": b64url(client_data),
            "authenticatorData": b64url(auth_data),
            "signature": b64url(signature),
        }
        if self.user_handle is not None:
            response["userHandle"] = self.user_handle
        return {
            "id": b64url(self.credential_id),
            "rawId": b64url(self.credential_id),
            "type": "public-key",
            "response": response,
            "clientExtensionResults": {},
            "authenticatorAttachment": "platform",
        }

    def _auth_data(self, rp_id: str, flags: int) -> bytes:
        return (
            hashlib.sha256(rp_id.encode()).digest()
            + bytes([flags])
            + self.sign_count.to_bytes(4, "big")
        )

    @staticmethod
    def _client_data(kind: str, challenge: str, origin: str) -> bytes:
        return json.dumps(
            {"type": kind, "challenge": challenge, "origin": origin, "crossOrigin": False}
        ).encode()
