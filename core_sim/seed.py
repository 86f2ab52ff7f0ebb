"""Deterministic seeding: personas from fixtures/personas.json plus Faker customers.

The same seed always produces the same customers, account numbers and history, so testers
and tests can rely on them. History dates are relative to "now", so the dashboard's weekly
figures always have something in them.
"""

from __future__ import annotations

import json
import random
from datetime import date, datetime, timedelta
from typing import Any

from faker import Faker
from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

import core_sim.models  # noqa: F401  (every table, also for the CLI's reset)
from core_sim.billers.models import BillerCustomer
from core_sim.billers.service import SCENARIOS as BILLER_SCENARIOS
from core_sim.customers.models import AccountType, Customer
from core_sim.customers.opening import (
    ACCOUNT_SERIAL,
    CUSTOMER_SEQUENCE,
    FIRST_CUSTOMER,
    FIRST_SERIAL,
    add_account,
)
from core_sim.db import Counter, Database
from core_sim.identity.models import IdentityRecord
from core_sim.ledger import service as ledger
from core_sim.ledger.models import AccountKind, Entry, LedgerAccount, Posting
from core_sim.nip import watch_list
from core_sim.nip.models import ExternalAccount
from core_sim.nip.service import BANKS, SCENARIOS
from core_sim.nuban import make_nuban
from core_sim.savings import models as savings_tables  # noqa: F401 (its tables)
from core_sim.settings import FIXTURES_DIR
from core_sim.simclock import state as simclock_state

# fixtures/account_types.json: the web app's offline mocks read the same file.
ACCOUNT_TYPES = tuple(
    (t["id"], t["name"], t["code"])
    for t in json.loads((FIXTURES_DIR / "account_types.json").read_text())["accountTypes"]
)

BANK_ACCOUNTS = (
    ("GL-SUSPENSE", "Transfers suspense", AccountKind.SUSPENSE),
    ("GL-NIP-SETTLEMENT", "NIP settlement", AccountKind.NIP_SETTLEMENT),
    ("GL-BILLER-SETTLEMENT", "Biller settlement", AccountKind.BILLER_SETTLEMENT),
    ("GL-FEE-INCOME", "Fee income", AccountKind.FEE_INCOME),
    ("GL-FUNDING", "Bank capital (seed funding)", AccountKind.FUNDING),
    ("GL-INTEREST-EXPENSE", "Interest expense on savings", AccountKind.INTEREST_EXPENSE),
    ("GL-WHT-PAYABLE", "Withholding tax payable", AccountKind.WHT_PAYABLE),
)
FUNDING = "GL-FUNDING"
NIP = "GL-NIP-SETTLEMENT"
BILLERS = "GL-BILLER-SETTLEMENT"

# Seeded history reads like a real core's: references such as FT102000012200042 and plain
# narrations, because customers see them (nothing like "SEED-..." or "NIP/X/TRF").
CARD_MERCHANTS = ("Shoprite Lekki", "Chicken Republic", "Jumia Online", "TotalEnergies Ikeja")

FAKER_CUSTOMERS = 30
FAKER_PROSPECTS = 200


def load_personas() -> list[dict[str, Any]]:
    data = json.loads((FIXTURES_DIR / "personas.json").read_text())
    return list(data["personas"])


async def seed(db: Database, seed_number: int, bank_code: str) -> None:
    """Drop everything and build the simulator's world again from `seed_number`."""
    await db.create_schema(drop_first=True)
    simclock_state.set_offset(timedelta(0))  # a fresh world starts at real time
    rng = random.Random(seed_number)
    fake = Faker("en_NG")
    fake.seed_instance(seed_number)
    now = simclock_state.utcnow()
    async with db.writer() as session:
        for type_id, name, code in ACCOUNT_TYPES:
            session.add(AccountType(id=type_id, name=name, code=code))
        for number, name, kind in BANK_ACCOUNTS:
            session.add(LedgerAccount(number=number, name=name, kind=kind, allow_negative=True))
        session.add(Counter(name=ACCOUNT_SERIAL, value=FIRST_SERIAL - 1))
        session.add(Counter(name=CUSTOMER_SEQUENCE, value=FIRST_CUSTOMER - 1))
        await session.flush()
        for persona in load_personas():
            if persona["customerId"] is not None:
                await _seed_persona(session, persona, rng, fake, now)
        await _seed_faker_customers(session, rng, fake, bank_code, now)
        _seed_prospects(session, rng, fake)
        _seed_other_banks(session, rng, fake, bank_code)
        await watch_list.seed_magic(session)
        _seed_biller_customers(session, fake)


async def _seed_persona(
    session: AsyncSession, persona: dict[str, Any], rng: random.Random, fake: Faker, now: datetime
) -> None:
    customer = Customer(
        id=persona["customerId"],
        first_name=persona["firstName"],
        last_name=persona["lastName"],
        email=persona["email"],
        phone_number=persona["phoneNumber"],
        bvn=persona["bvn"],
        nin=persona["nin"],
        date_of_birth=date.fromisoformat(persona["dateOfBirth"]),
        gender=persona["gender"],
        address=persona["address"],
        state_of_residence=persona["stateOfResidence"],
        created_at=now - timedelta(days=400),
    )
    session.add(customer)
    session.add(_identity_of(customer))
    await session.flush()
    for spec in persona["accounts"]:
        opened = now - timedelta(days=30 * max(spec["historyMonths"], 1) + 1)
        account = await add_account(
            session, customer, spec["accountNumber"], spec["accountTypeId"], opened_at=opened
        )
        await _fund(session, account, spec["openingBalanceKobo"], opened)
        if spec["historyMonths"]:
            await add_history(
                session,
                account,
                spec["openingBalanceKobo"],
                spec["historyMonths"],
                rng,
                fake,
                now,
                busy=spec.get("busy", False),
            )


async def _seed_faker_customers(
    session: AsyncSession, rng: random.Random, fake: Faker, bank_code: str, now: datetime
) -> None:
    for index in range(1, FAKER_CUSTOMERS + 1):
        first, last = fake.first_name(), fake.last_name()
        customer = Customer(
            id=f"CIF{10_000 + index:08d}",
            first_name=first,
            last_name=last,
            email=f"{first}.{last}{index}@example.org".lower(),
            phone_number=f"0805{index:07d}",
            bvn=f"223{index:08d}",
            nin=f"703{index:08d}",
            date_of_birth=date(1960, 1, 1) + timedelta(days=rng.randrange(0, 16_000)),
            gender=rng.choice(["MALE", "FEMALE"]),
            address=fake.street_address(),
            state_of_residence=rng.choice(["Lagos", "FCT", "Rivers", "Oyo", "Kano", "Enugu"]),
            created_at=now - timedelta(days=rng.randrange(30, 900)),
        )
        session.add(customer)
        session.add(_identity_of(customer))
        await session.flush()
        number = make_nuban(bank_code, f"2030{index:05d}")
        opened = customer.created_at
        account = await add_account(session, customer, number, rng.choice([1, 2]), opened_at=opened)
        await _fund(session, account, rng.randrange(1_000, 2_000_000) * 100, opened)


def _identity_of(customer: Customer) -> IdentityRecord:
    assert customer.bvn and customer.nin and customer.date_of_birth
    return IdentityRecord(
        bvn=customer.bvn,
        nin=customer.nin,
        first_name=customer.first_name,
        last_name=customer.last_name,
        date_of_birth=customer.date_of_birth,
        phone_number=customer.phone_number or "",
        gender=customer.gender or "",
    )


def _seed_prospects(session: AsyncSession, rng: random.Random, fake: Faker) -> None:
    """People in the BVN/NIN registry who are not customers: the documented ones, then Faker's."""
    data = json.loads((FIXTURES_DIR / "identities.json").read_text())
    for p in data["prospects"]:
        session.add(
            IdentityRecord(
                bvn=p["bvn"],
                nin=p["nin"],
                first_name=p["firstName"],
                last_name=p["lastName"],
                date_of_birth=date.fromisoformat(p["dateOfBirth"]),
                phone_number=p["phoneNumber"],
                gender=p["gender"],
            )
        )
    for index in range(1, FAKER_PROSPECTS + 1):
        gender = rng.choice(["MALE", "FEMALE"])
        first = fake.first_name_male() if gender == "MALE" else fake.first_name_female()
        session.add(
            IdentityRecord(
                bvn=f"224{index:08d}",
                nin=f"704{index:08d}",
                first_name=first,
                last_name=fake.last_name(),
                date_of_birth=date(1960, 1, 1) + timedelta(days=rng.randrange(0, 16_000)),
                phone_number=f"0816{index:07d}",
                gender=gender,
            )
        )


EXTERNAL_ACCOUNTS_PER_BANK = 8


def _seed_other_banks(session: AsyncSession, rng: random.Random, fake: Faker, own: str) -> None:
    """Accounts at every other bank on the NIP list, plus the magic scenario accounts."""
    for (bank_code, number), scenario in SCENARIOS.items():
        session.add(
            ExternalAccount(
                bank_code=bank_code,
                account_number=number,
                account_name=scenario["accountName"],
                scenario=scenario["scenario"],
            )
        )
    for bank_code in sorted(BANKS):
        if bank_code == own:
            continue
        for index in range(EXTERNAL_ACCOUNTS_PER_BANK):
            session.add(
                ExternalAccount(
                    bank_code=bank_code,
                    account_number=make_nuban(bank_code, f"{300_000_000 + index * 7919:09d}"),
                    account_name=f"{fake.first_name()} {fake.last_name()}".upper(),
                )
            )
    del rng


BILLER_CUSTOMERS = 20


def _seed_biller_customers(session: AsyncSession, fake: Faker) -> None:
    """Meters (11 digits, 45…) and smart cards (10 digits, 70…), ordinary and magic."""
    for number, scenario in BILLER_SCENARIOS.items():
        if "name" not in scenario:
            continue  # unknown on purpose, or a phone number
        category = "ELECTRICITY" if len(number) == 11 and number.startswith("45") else "CABLE_TV"
        session.add(
            BillerCustomer(
                category=category,
                number=number,
                name=scenario["name"],
                phone=scenario.get("phone"),
                address=scenario.get("address"),
            )
        )
    for index in range(1, BILLER_CUSTOMERS + 1):
        session.add(
            BillerCustomer(
                category="ELECTRICITY",
                number=f"451{index:08d}",
                name=fake.name(),
                phone=f"0807{index:07d}",
                address=fake.street_address(),
            )
        )
        session.add(
            BillerCustomer(
                category="CABLE_TV",
                number=f"71{index:08d}",
                name=fake.name(),
                phone=None,
                address=None,
            )
        )


async def _fund(session: AsyncSession, account: LedgerAccount, kobo: int, when: datetime) -> None:
    if kobo <= 0:
        return
    await ledger.post(
        session,
        reference=seed_reference("FT", account.number, 0),
        kind="SEED",
        narration="Opening deposit",
        legs=[
            ledger.Leg(FUNDING, -kobo, account.number, account.name),
            ledger.Leg(account.number, kobo, None, "Cash deposit"),
        ],
        posted_at=when,
    )


def seed_reference(prefix: str, account_number: str, index: int) -> str:
    """Unique per account and line; index 0 is the opening deposit."""
    return f"{prefix}{account_number}{index:05d}"


def _gap(rng: random.Random, busy: bool) -> timedelta:
    """Time to the next event: a few days for most accounts, a few hours for busy ones."""
    if busy:
        return timedelta(hours=rng.randrange(1, 7), minutes=rng.randrange(0, 60))
    return timedelta(days=rng.randrange(1, 4), hours=rng.randrange(0, 12))


async def add_history(
    session: AsyncSession,
    account: LedgerAccount,
    balance: int,
    months: int,
    rng: random.Random,
    fake: Faker,
    now: datetime,
    *,
    busy: bool = False,
    lines_per_year: int | None = None,
    reference_prefix: str = "FT",
) -> None:
    """Salary credits, transfers in and out, airtime and POS spends over `months` months.

    Written in bulk (postings first, then their entries with running balances computed here)
    because a busy account has over a thousand lines; the rules are the same as
    ledger.post's: every posting sums to zero and the customer never goes below zero.
    """
    employer = fake.company()
    # The timeline is drawn against midnight (UTC) of `now` and then moved forward to end
    # just before `now`. Drawn against `now` itself, the salary rule's calendar test (the
    # 25th, a new month) changed with the time of day: two seeds a few seconds apart could
    # draw different numbers and build different worlds from the same seed.
    midnight = now.replace(hour=0, minute=0, second=0, microsecond=0)
    shift = now - midnight
    day = midnight - timedelta(days=30 * months)
    events: list[tuple[Posting, str, int, str]] = []  # posting, other side, amount, who
    paid_months: set[tuple[int, int]] = set()
    index = 0
    while day < midnight - timedelta(hours=2):
        index += 1
        if day.day >= 25 and (day.year, day.month) not in paid_months:
            paid_months.add((day.year, day.month))
            amount = rng.randrange(150_000, 650_000) * 100
            other, narration, who = NIP, f"Salary from {employer}", employer
        elif rng.random() < 0.25:
            amount = rng.randrange(2_000, 80_000) * 100
            who = fake.name()
            other, narration = NIP, f"From {who}"
        else:
            amount = -rng.choice([rng.randrange(500, 5_000), rng.randrange(2_000, 45_000)]) * 100
            kind = rng.choice(["card", "pos", "transfer"])
            if kind == "card":
                # Card spends need no bill-payment record, so bill history and transaction
                # history agree; the rng draws are the same as before (same balances).
                other, who = NIP, rng.choice(CARD_MERCHANTS)
                rng.randrange(10**9, 10**10)
                narration = f"Card purchase, {who}"
            elif kind == "pos":
                other, who = NIP, fake.company()
                narration = f"POS purchase, {who}"
            else:
                other, who = NIP, fake.name()
                narration = f"Transfer to {who}"
        if amount >= 0 or balance + amount >= 0:
            posting = Posting(
                reference=seed_reference(reference_prefix, account.number, index),
                kind="SEED",
                narration=narration,
                posted_at=day + shift,
            )
            events.append((posting, other, amount, who))
            balance += amount
        day += (
            timedelta(days=365 / lines_per_year * rng.uniform(0.5, 1.5))
            if lines_per_year
            else _gap(rng, busy)
        )
    session.add_all([posting for posting, _, _, _ in events])
    await session.flush()

    rows = (
        await session.execute(
            select(LedgerAccount.number, LedgerAccount.id, LedgerAccount.balance_kobo).where(
                LedgerAccount.number.in_((account.number, NIP, BILLERS))
            )
        )
    ).all()
    ids = {number: account_id for number, account_id, _ in rows}
    balances = {number: kobo for number, _, kobo in rows}
    entries = []
    added = dict.fromkeys(balances, 0)  # new lines per account
    for posting, other, amount, who in events:
        for number, signed, counter_number, counter_name in (
            (other, -amount, account.number, account.name),
            (account.number, amount, None, who),
        ):
            balances[number] += signed
            added[number] += 1
            entries.append(
                Entry(
                    posting_id=posting.id,
                    account_id=ids[number],
                    amount_kobo=signed,
                    balance_after_kobo=balances[number],
                    available_after_kobo=balances[number],  # the seed places no holds
                    counterparty_number=counter_number,
                    counterparty_name=counter_name,
                    posted_at=posting.posted_at,
                )
            )
    session.add_all(entries)
    for number, kobo in balances.items():
        await session.execute(
            update(LedgerAccount)
            .where(LedgerAccount.number == number)
            .values(balance_kobo=kobo, line_count=LedgerAccount.line_count + added[number])
        )
    await session.flush()
