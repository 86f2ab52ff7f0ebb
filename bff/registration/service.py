"""Registration of new customers and of existing account owners.

From the customer's point of view registration is atomic: the core customer is created first
with a reference derived from the applicant's e-mail and BVN, so a retry after a core failure
or timeout finds the same customer instead of creating a second; the internet-banking user is
only written once the core has answered, so a failure never leaves a half-registered user
that blocks a retry.
"""

from __future__ import annotations

import hashlib
import logging
import re
from datetime import date

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from bff.auth.service import AuthService
from bff.core_client import CoreClient, CoreNamedId, CoreRefused, CoreUnavailable
from bff.db import Database
from bff.errors import AppError, Conflict, FieldErrors, ServiceUnavailable, ValidationFailed
from bff.registration import reference
from bff.registration.schemas import AccountOwnerIn, NewUserIn
from bff.schemas import camel_case
from bff.security.password_policy import password_errors
from bff.security.passwords import Passwords
from bff.users.models import Role, TwoFactor, User

log = logging.getLogger(__name__)

REQUIRED = "This field is required"
EMAIL_TAKEN = "An account with this email already exists"
PHONE_TAKEN = "An account with this phone number already exists"
ALREADY_CUSTOMER = "You already bank with us. Please register as a Bank Account Owner."
OWNER_MISMATCH = (
    "We could not match these details to the account. "
    "Check the account number and BVN or phone number."
)
OWNER_ALREADY_REGISTERED = (
    "Internet banking is already set up for this account. Log in, or reset your password."
)
CORE_DOWN = "We could not complete your registration right now. Please try again."
EMAIL_PATTERN = re.compile(r"^[^@\s]+@[^@\s]+\.[A-Za-z]{2,}$")
MINIMUM_AGE = 18


def _clean(value: str | None) -> str:
    return (value or "").strip()


def parse_date_of_birth(text: str) -> date | None:
    match = re.fullmatch(r"(\d{2})/(\d{2})/(\d{4})", text)
    if not match:
        return None
    day, month, year = (int(g) for g in match.groups())
    try:
        return date(year, month, day)
    except ValueError:
        return None


def age_on(born: date, today: date) -> int:
    return today.year - born.year - ((today.month, today.day) < (born.month, born.day))


class RegistrationService:
    def __init__(
        self, db: Database, passwords: Passwords, core: CoreClient, auth: AuthService
    ) -> None:
        self.db = db
        self.passwords = passwords
        self.core = core
        self.auth = auth

    async def register_new(self, data: NewUserIn) -> User:
        fields = {
            name: _clean(getattr(data, name))
            for name in NewUserIn.__struct_fields__
            if name not in ("account_type_id",)
        }
        errors = self._personal_errors(fields, data.account_type_id)
        errors += password_errors(data.password, data.confirm_password)
        if errors:
            raise FieldErrors(errors)
        email = fields["email"].lower()
        born = parse_date_of_birth(fields["date_of_birth"])
        assert born is not None and data.account_type_id is not None
        if data.account_type_id not in {t.id for t in await self._account_types()}:
            raise ValidationFailed("Choose a valid account type", field="accountTypeId")
        await self._refuse_duplicates(email, fields["phone_number"])
        try:
            created = await self.core.create_customer(
                {
                    "reference": _registration_reference(email, fields["bvn"]),
                    "firstName": fields["first_name"],
                    "lastName": fields["last_name"],
                    "email": email,
                    "phoneNumber": fields["phone_number"],
                    "bvn": fields["bvn"],
                    "dateOfBirth": born.isoformat(),
                    "gender": fields["gender"],
                    "address": fields["address"],
                    "stateOfResidence": fields["state_of_residence"],
                    "employmentStatus": fields["employment_status"],
                    "maritalStatus": fields["marital_status"],
                    "accountTypeId": data.account_type_id,
                }
            )
        except CoreUnavailable as exc:
            raise ServiceUnavailable(CORE_DOWN) from exc
        except CoreRefused as exc:
            if exc.code == "26":
                raise Conflict(ALREADY_CUSTOMER) from exc
            raise ValidationFailed(exc.detail or CORE_DOWN) from exc
        return await self._create_user(
            email=email,
            phone_number=fields["phone_number"],
            password=data.password or "",
            first_name=fields["first_name"],
            last_name=fields["last_name"],
            customer_id=created.customer.customer_id,
        )

    def _personal_errors(
        self, fields: dict[str, str], account_type_id: int | None
    ) -> list[dict[str, str]]:
        errors: list[dict[str, str]] = []

        def fail(field: str, message: str) -> None:
            errors.append({"field": camel_case(field), "message": message})

        for name in (
            "phone_number", "first_name", "last_name", "email", "date_of_birth", "bvn",
            "state_of_residence", "gender", "address", "employment_status", "marital_status",
        ):  # fmt: skip
            if not fields[name]:
                fail(name, REQUIRED)
        if account_type_id is None:
            fail("account_type_id", REQUIRED)
        if fields["email"] and not EMAIL_PATTERN.match(fields["email"]):
            fail("email", "Enter a valid email address")
        if fields["phone_number"] and not re.fullmatch(r"\d{11}", fields["phone_number"]):
            fail("phone_number", "Phone number must be 11 digits")
        bvn = fields["bvn"]
        if bvn and len(bvn) < 11:
            fail("bvn", "Bvn must be at least 11 characters")
        elif bvn and not re.fullmatch(r"\d{11}", bvn):
            fail("bvn", "Bvn must be 11 digits")
        if fields["date_of_birth"]:
            born = parse_date_of_birth(fields["date_of_birth"])
            if born is None:
                fail("date_of_birth", "Enter the date of birth as dd/mm/yyyy")
            elif age_on(born, date.today()) < MINIMUM_AGE:
                fail("date_of_birth", f"You must be at least {MINIMUM_AGE} years old to register")
        choices = {
            "gender": reference.GENDERS,
            "employment_status": reference.EMPLOYMENT_STATUSES,
            "marital_status": reference.MARITAL_STATUSES,
            "state_of_residence": tuple(reference.STATE_NAMES),
        }
        for name, allowed in choices.items():
            if fields[name] and fields[name] not in allowed:
                fail(name, "Choose one of the options")
        if fields.get("client_type") and fields["client_type"] not in reference.CLIENT_TYPES:
            fail("client_type", "Choose one of the options")
        return errors

    async def register_owner(self, data: AccountOwnerIn) -> User:
        nuban = _clean(data.account_nuban)
        email = _clean(data.email).lower()
        bvn, phone = _clean(data.bvn), _clean(data.phone_number)
        errors: list[dict[str, str]] = []
        if not nuban:
            errors.append({"field": "accountNUBAN", "message": REQUIRED})
        elif not re.fullmatch(r"\d{10}", nuban):
            errors.append(
                {"field": "accountNUBAN", "message": "Account Number must be 10 characters"}
            )
        if not email:
            errors.append({"field": "email", "message": REQUIRED})
        elif not EMAIL_PATTERN.match(email):
            errors.append({"field": "email", "message": "Enter a valid email address"})
        if not bvn and not phone:
            errors.append({"field": "bvn", "message": "Enter your BVN or phone number"})
        if bvn and len(bvn) < 11:
            errors.append({"field": "bvn", "message": "Bvn must be at least 11 characters"})
        if phone and not re.fullmatch(r"\d{11}", phone):
            errors.append({"field": "phoneNumber", "message": "Phone number must be 11 digits"})
        errors += password_errors(data.password, data.confirm_password)
        if errors:
            raise FieldErrors(errors)
        try:
            account = await self.core.account(nuban)
            customer = await self.core.customer(account.customer_id or "")
        except CoreUnavailable as exc:
            raise ServiceUnavailable(CORE_DOWN) from exc
        except CoreRefused as exc:
            raise ValidationFailed(OWNER_MISMATCH) from exc
        if (bvn and bvn != customer.bvn) or (phone and phone != customer.phone_number):
            raise ValidationFailed(OWNER_MISMATCH)
        async with self.db.transaction() as session:
            taken = await session.scalar(
                select(User.id).where(User.customer_id == customer.customer_id)
            )
        if taken is not None:
            raise Conflict(OWNER_ALREADY_REGISTERED)
        user_phone = customer.phone_number or phone
        await self._refuse_duplicates(email, user_phone)
        return await self._create_user(
            email=email,
            phone_number=user_phone,
            password=data.password or "",
            first_name=customer.first_name,
            last_name=customer.last_name,
            customer_id=customer.customer_id,
        )

    async def _account_types(self) -> list[CoreNamedId]:
        try:
            return await self.core.account_types()
        except CoreUnavailable as exc:
            raise ServiceUnavailable(CORE_DOWN) from exc

    async def _refuse_duplicates(self, email: str, phone: str | None) -> None:
        async with self.db.transaction() as session:
            if await session.scalar(select(User.id).where(User.email == email)) is not None:
                raise Conflict(EMAIL_TAKEN, errors=[{"field": "email", "message": EMAIL_TAKEN}])
            if (
                phone
                and await session.scalar(select(User.id).where(User.phone_number == phone))
                is not None
            ):
                raise Conflict(
                    PHONE_TAKEN, errors=[{"field": "phoneNumber", "message": PHONE_TAKEN}]
                )

    async def _create_user(
        self,
        *,
        email: str,
        phone_number: str | None,
        password: str,
        first_name: str,
        last_name: str,
        customer_id: str,
    ) -> User:
        password_hash = await self.passwords.hash(password)
        user = User(
            email=email,
            phone_number=phone_number,
            password_hash=password_hash,
            role=Role.CUSTOMER,
            first_name=first_name,
            last_name=last_name,
            customer_id=customer_id,
            two_factor=TwoFactor.OTP,
            onboarding_complete=False,
            email_verified=False,
        )
        try:
            async with self.db.transaction() as session:
                session.add(user)
        except IntegrityError as exc:  # a concurrent registration won the race
            raise Conflict(EMAIL_TAKEN) from exc
        try:
            await self.auth.send_email_verification(user)
        except AppError as exc:
            # Registered all the same: the customer can ask for a new code.
            log.warning("verification code for new user %s not sent: %s", user.id, exc)
        return user


def _registration_reference(email: str, bvn: str) -> str:
    return "REG-" + hashlib.sha256(f"{email}|{bvn}".encode()).hexdigest()[:40]
