"""What one intra-bank transfer costs in SQL statements, per server: the initiate, the
confirm, and the outbox pass that sends its alerts. Not a timing (those live in the
benchmarks, docs/benchmarks.md) but a budget: a change that adds a statement to the hot
path fails here and must raise the figure on purpose, saying why."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import event
from sqlalchemy.engine import Engine

from bff.tests.conftest import ADA, Bff
from bff.tests.test_transfers import TUNDE_ACCOUNT, confirm, initiate

# Per step and server, as counted on 2026-11-26 (the same on SQLite and PostgreSQL). The
# BFF's initiate: session check, limits, the code's pause check, the challenge, the transfer.
# Its confirm: session check, the transfer, the challenge with the pause and the count of
# wrong codes, its use, the start, the limits again, the finish with its alert row. The
# alert pass: claim, the transfer with its sender, the recipient, the alert row's close, its
# messages, the sent mark. The simulator's: the two account look-ups and the code's
# messages; the ledger transfer (request check, accounts, posting, two legs, entries,
# request); the posting and its lines (the alert's balances after) and the alert messages.
BUDGET = {
    "initiate": {"bff": 5, "sim": 3},
    "confirm": {"bff": 8, "sim": 7},
    "alerts": {"bff": 6, "sim": 3},
}

# The simulator reads its fault rules and clock now and then, whatever the request (a
# cache's refresh, depending on time): not the transfer's cost, so not counted.
BACKGROUND = ("fault_rules", "sim_clock")


@contextmanager
def counting(bff: Bff) -> Iterator[Counter[str]]:
    """Statements our code runs while inside, by server ("bff" or "sim"). Counted per
    execute call, as the code asks for them: a many-row insert is one, although SQLite's
    driver sends it a row at a time."""
    # By database: the BFF keeps more than one engine on it (PostgreSQL's plain reads).
    ours = bff.app.state.db.engine.url.database
    counts: Counter[str] = Counter()

    def count(conn, clauseelement, multiparams, params, execution_options) -> None:  # type: ignore[no-untyped-def]
        if conn.engine.url.database == ours:
            counts["bff"] += 1
        elif not any(table in str(clauseelement) for table in BACKGROUND):
            counts["sim"] += 1

    event.listen(Engine, "before_execute", count)
    try:
        yield counts
    finally:
        event.remove(Engine, "before_execute", count)


async def test_an_intra_bank_transfer_stays_within_its_statement_budget(bff: Bff) -> None:
    token = await bff.sign_in()
    await bff.app.state.jobs.deliver_messages()  # the sign-in's own messages, out of the way
    with counting(bff) as initiated:
        started = await initiate(
            bff, token, "intrabank", destinationAccountNumber=TUNDE_ACCOUNT, amount=10
        )
    assert started.status_code == 201, started.text
    code = await bff.latest_code(ADA)
    with counting(bff) as confirmed:
        done = await confirm(bff, token, started.json()["id"], otp=code)
    assert done.json()["status"] == "COMPLETED", done.text
    with counting(bff) as alerted:
        assert await bff.app.state.jobs.deliver_messages() >= 1
    spent = {"initiate": initiated, "confirm": confirmed, "alerts": alerted}
    for step, budget in BUDGET.items():
        for server, allowed in budget.items():
            assert spent[step][server] <= allowed, (
                f"{step}: {spent[step][server]} {server} statements, budget {allowed}: "
                "a statement more on every transfer; raise BUDGET only on purpose"
            )
