"""POST /auth/ibanking/personal/{login, otp-verification, logout}."""

from __future__ import annotations

from litestar import Controller, Request, post

from bff.auth.schemas import LoginIn, LoginOut, OtpVerificationIn, SessionOut, TokenDTO
from bff.auth.service import AuthService, Principal
from bff.http import client_address


class AuthController(Controller):
    path = "/auth/ibanking/personal"
    tags = ["auth"]

    @post("/login", status_code=200, summary="Sign in, step 1: password; sends the code")
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
    ) -> SessionOut:
        new = await auth.verify_login(
            data.user_id, data.user_uuid, data.otp, client_address(request)
        )
        user = new.user
        return SessionOut(
            token_dto=TokenDTO(
                access_token=new.token,
                token_type="Bearer",  # noqa: S106 (a scheme name, not a secret)
                expires_in=auth.settings.session_idle_s,
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

    @post(
        "/logout",
        status_code=204,
        summary="Revoke the current session's token",
        security=[{"bearer": []}],
    )
    async def logout(self, auth: AuthService, principal: Principal) -> None:
        await auth.logout(principal)
