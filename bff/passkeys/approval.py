"""What every code-or-passkey confirm shares (issue 40, part 3): exactly one proof.

A confirm endpoint takes the code (`otp`) or a passkey's assertion of this very action
(`passkey`, answering the action's own `…/passkey-options`), never both."""

from __future__ import annotations

from bff.errors import ValidationFailed
from bff.passkeys.schemas import PasskeyAssertionIn
from bff.schemas import CodeSentOut

# The same words as the transfers' confirm (bff/transfers/controller.py).
CODE_OR_PASSKEY = "Approve with either a code or a passkey, not both."


def one_proof(otp: str | None, passkey: PasskeyAssertionIn | None) -> None:
    """Refuses both proofs at once, and neither."""
    if otp and passkey is not None:
        raise ValidationFailed(CODE_OR_PASSKEY, field="passkey")
    if passkey is None and not otp:
        raise ValidationFailed("This field is required", field="otp")


class ApprovalCodeSentOut(CodeSentOut):
    """A code-confirmed action's first answer where a passkey may approve it instead: with
    `passkeyApproval` the dialog offers "Approve with passkey" first (the code was sent all
    the same, for "Use a code instead")."""

    passkey_approval: bool = False
