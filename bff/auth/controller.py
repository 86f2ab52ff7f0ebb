"""/auth/ibanking/personal: sign-in, sign-out, e-mail verification, password recovery."""

from __future__ import annotations

from typing import Annotated

from litestar import Controller, Request, get, patch, post
from litestar.background_tasks import BackgroundTask
from litestar.response import Response

from bff.auth.guards import client_address
from bff.auth.schemas import (
    EmailIn,
    EmailVerificationIn,
    LinkValidOut,
    LoginIn,
    LoginOut,
    OtpVerificationIn,
    PasswordResetIn,
    SessionOut,
    TokenDTO,
)
from bff.auth.service import AuthService, Browser, NewSession, decode_base64_identifier
from bff.config import Settings
from bff.devices.service import DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_S
from bff.openapi_errors import EMAIL_NOT_VERIFIED, refuses
from bff.schemas import MessageOut, TextPath, TextQuery, refuse_hidden_characters
from bff.users.principal import Principal


def browser_of(request: Request) -> Browser:
    return Browser(
        cookie=request.cookies.get(DEVICE_COOKIE), user_agent=request.headers.get("user-agent", "")
    )


def signed_in(request: Request, new: NewSession, settings: Settings) -> Response[SessionOut]:
    """The session answer, setting the device cookie when the browser had none (bff/devices):
    HttpOnly, SameSite=Lax, Secure in production, kept about a year."""
    answer = Response(session_out(new, settings.session_idle_s), status_code=200)
    if new.device_token and request.cookies.get(DEVICE_COOKIE) != new.device_token:
        answer.set_cookie(
            DEVICE_COOKIE,
            new.device_token,
            max_age=DEVICE_COOKIE_MAX_AGE_S,
            path="/",
            httponly=True,
            secure=settings.production,
            samesite="lax",
        )
    return answer


def session_out(new: NewSession, idle_s: int) -> SessionOut:
    """The answer that opens a session (after the code step, or a passkey sign-in)."""
    user = new.user
    return SessionOut(
        token_dto=TokenDTO(
            access_token=new.token,
            token_type="Bearer",  # noqa: S106 (a scheme name, not a secret)
            expires_in=idle_s,
        ),
        onboarding_complete=user.onboarding_complete,
        role=user.role,  # type: ignore[arg-type]
        user_id=user.id,
        user_uuid=user.uuid,
        first_name=user.first_name,
        last_name=user.last_name,
        email=user.email,
        phone_number=user.phone_number,
        two_factor_authentication=user.two_factor,  # type: ignore[arg-type]
    )


class AuthController(Controller):
    path = "/auth/ibanking/personal"
    tags = ["auth"]

    @post(
        "/login",
        status_code=200,
        summary="Sign in, step 1: password; sends the code",
        opt=refuses(401, EMAIL_NOT_VERIFIED),
    )
    async def login(self, request: Request, auth: AuthService, data: LoginIn) -> LoginOut:
        user = await auth.login(data.email, data.password, data.remember, client_address(request))
        return LoginOut(
            user_id=user.id,
            user_uuid=user.uuid,
            two_factor_authentication=user.two_factor,  # type: ignore[arg-type]
        )

    @post(
        "/otp-verification", status_code=200, summary="Sign in, step 2: the code; opens a session"
    )
    async def verify(
        self, request: Request, auth: AuthService, data: OtpVerificationIn
    ) -> Response[SessionOut]:
        new = await auth.verify_login(
            data.user_id, data.user_uuid, data.otp, client_address(request), browser_of(request)
        )
        return signed_in(request, new, auth.settings)

    @post(
        "/logout",
        status_code=204,
        summary="Revoke the current session's token",
        security=[{"bearer": []}],
    )
    async def logout(self, auth: AuthService, principal: Principal) -> None:
        await auth.logout(principal)

    @post("/email/verification", status_code=200, summary="Verify the e-mail with its code")
    async def verify_email(self, auth: AuthService, data: EmailVerificationIn) -> MessageOut:
        await auth.verify_email(data.email, data.code)
        return MessageOut(message="OTP verified")

    @post("/email/resend-code", status_code=200, summary="Send a new e-mail verification code")
    async def resend_email_code(self, auth: AuthService, data: EmailIn) -> MessageOut:
        await auth.resend_email_code(data.email)
        return MessageOut(message="OTP Resent")

    @post(
        "/password/forgot/{encoded:str}",
        status_code=200,
        summary="E-mail a reset link (identifier base64-encoded); same answer for unknown ones",
    )
    async def forgot_password(
        self, auth: AuthService, encoded: Annotated[str, TextPath(1000)]
    ) -> Response[MessageOut]:
        identifier = decode_base64_identifier(encoded)
        # The e-mail goes out after the answer, so known and unknown identifiers answer
        # equally fast.
        return Response(
            MessageOut(message="Email sent successfully"),
            background=BackgroundTask(auth.forgot_password, identifier),
        )

    @get("/password/verify", summary="Is this reset link still usable?")
    async def verify_reset_link(
        self,
        auth: AuthService,
        reset_code: Annotated[str, TextQuery(100, query="resetCode")],
        email: Annotated[str, TextQuery(200)],
    ) -> LinkValidOut:
        refuse_hidden_characters(reset_code, "resetCode")
        refuse_hidden_characters(email, "email")
        await auth.verify_reset_link(reset_code, email)
        return LinkValidOut(valid=True)

    @patch("/password/reset", status_code=200, summary="Set a new password with a reset link")
    async def reset_password(self, auth: AuthService, data: PasswordResetIn) -> MessageOut:
        await auth.reset_password(
            data.password_reset_code, data.email, data.password, data.confirm_password
        )
        return MessageOut(message="Password reset successfully")
