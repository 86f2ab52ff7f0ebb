"""Property-based contract test: schemathesis drives every operation of the BFF's OpenAPI
document, signed in as a customer and without a token, with every check that applies to
generated cases (`CHECKS`; the ones left out and why: docs/security.md): no 5xx, a declared
status, the declared media type, headers and body schema, invalid input refused, and a
signed-in route refusing a request without its token.

Schemathesis calls an ASGI app from its own event-loop thread, so the simulator and the BFF
are built inside that loop (`Stack`) rather than borrowed from the session fixtures, whose
database connections belong to the test loop.

One pytest test with a subtest per operation, each a small Hypothesis run over
`operation.as_strategy()`. (schemathesis 4.32's `schemathesis.pytest.from_fixture(...)
.parametrize()` would be the short way, but it sets `Function._nodeid`, which pytest 9 no
longer has; and one test per operation would restart both programs every time, since the
schemathesis plugin ends ASGI lifespans after each test.)
"""

from __future__ import annotations

import contextlib
from typing import Any

import hypothesis
import pytest
import schemathesis
from hypothesis import strategies as st
from hypothesis.stateful import RULE_MARKER
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.core.parameters import ParameterLocation
from schemathesis.python.asgi import shutdown_lifespans
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    ensure_resource_availability,
    ignored_auth,
    negative_data_rejection,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
    use_after_free,
)

from bff.app import create_app
from bff.core_client import CoreClient
from bff.db import Database
from bff.tests.helpers import Bff, make_settings
from core_sim.app import create_app as create_sim_app
from core_sim.settings import SimSettings
from testbed import asgi_client

OPENAPI_PATH = "/schema/openapi.json"
# Small on purpose: ~115 operations on a 2-core machine, the module within about a minute.
EXAMPLES_PER_OPERATION = 10
# On the PostgreSQL leg only: the production database is the stricter one (NUL bytes, integer
# widths), and two minutes of fuzzing need not run twice (docs/frontend.md, the suite's time).
pytestmark = pytest.mark.postgres
ANONYMOUS_EXAMPLES_PER_OPERATION = 3
EXCLUDED = {
    # Signing out would revoke the token every other operation is called with.
    "POST /auth/ibanking/personal/logout",
}


@schemathesis.check
def errors_are_problem_details(ctx, response, case):  # type: ignore[no-untyped-def]
    """docs/contract.md: every error is RFC 9457 problem details whose `status` is the HTTP
    status (the document's schema can only say it is an integer)."""
    if response.status_code < 400:
        return None
    content_type = (response.headers.get("content-type") or [""])[0]
    assert content_type.startswith("application/problem+json"), content_type
    problem = response.json()
    assert problem.get("status") == response.status_code, problem
    assert isinstance(problem.get("title"), str) and isinstance(problem.get("detail"), str), problem
    return True


CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    negative_data_rejection,
    ignored_auth,
    errors_are_problem_details,
]


class Stack:
    """An ASGI app: the BFF, wired to its own simulator, with a customer signed in at startup.

    Its lifespan starts both programs in the loop schemathesis calls it on; requests go to
    the BFF.
    """

    def __init__(self, bff_database_url: str, sim_database_url: str) -> None:
        self.bff_database_url = bff_database_url
        self.sim_database_url = sim_database_url
        self.token = ""
        self.bff: Any = None

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "lifespan":
            await self._lifespan(receive, send)
        else:
            await self.bff(scope, receive, send)

    async def _lifespan(self, receive: Any, send: Any) -> None:
        await receive()  # lifespan.startup
        async with contextlib.AsyncExitStack() as running:
            try:
                await self._start(running)
            except Exception as exc:
                await send({"type": "lifespan.startup.failed", "message": repr(exc)})
                return
            await send({"type": "lifespan.startup.complete"})
            await receive()  # lifespan.shutdown
        await send({"type": "lifespan.shutdown.complete"})

    async def _start(self, running: contextlib.AsyncExitStack) -> None:
        sim_settings = SimSettings(
            database_url=self.sim_database_url,
            seed=2026,
            bank_code="090605",
            timeout_fault_ms=3_000,
        )
        sim = await running.enter_async_context(
            asgi_client(create_sim_app(sim_settings), "http://sim.test")
        )
        settings = make_settings(self.bff_database_url)
        app = create_app(settings, core=CoreClient(sim, timeout_s=settings.core_timeout_s))
        client = await running.enter_async_context(asgi_client(app, "http://bff.test"))
        db = Database(self.bff_database_url)
        running.push_async_callback(db.dispose)
        self.token = await Bff(app=app, client=client, sim=sim, db=db).sign_in()
        self.bff = app


@pytest.fixture(scope="module")
def stack(databases, bff_template):  # type: ignore[no-untyped-def]
    return Stack(databases.new("bff_schemathesis", bff_template), databases.new("sim_schemathesis"))


@pytest.fixture(scope="module")
def api_schema(stack):  # type: ignore[no-untyped-def]
    yield schemathesis.openapi.from_asgi(OPENAPI_PATH, stack)
    shutdown_lifespans()  # stop the BFF and the simulator before their databases are dropped


@pytest.mark.slow
def test_no_server_error_and_every_answer_fits_the_schema(api_schema, stack, subtests):  # type: ignore[no-untyped-def]
    labels = []
    cases = {"signed in": 0, "anonymous": 0}
    for result in api_schema.get_all_operations():
        operation = result.ok()  # an operation the schema cannot describe fails right here
        labels.append(operation.label)
        if operation.label in EXCLUDED:
            continue
        with subtests.test(operation.label):
            cases["signed in"] += run_examples(
                operation, {"Authorization": f"Bearer {stack.token}"}, EXAMPLES_PER_OPERATION
            )
        # Without a token too: a stranger's malformed request is refused as cleanly (401, or
        # a 4xx problem on the public routes), never a 5xx.
        with subtests.test(f"{operation.label} (anonymous)"):
            cases["anonymous"] += run_examples(operation, {}, ANONYMOUS_EXAMPLES_PER_OPERATION)
    assert len(labels) > 100 and set(labels) >= EXCLUDED, "the document lost its operations"
    # docs/security.md quotes these figures; every case passed every check to get here.
    print(f"schemathesis: {len(labels)} operations, cases {cases}, 0 server errors, 0 violations")


def run_examples(operation, headers: dict[str, str], max_examples: int) -> int:  # type: ignore[no-untyped-def]
    """Runs the operation's cases with `headers`; returns how many were run."""
    ran = 0

    @hypothesis.settings(
        max_examples=max_examples,
        deadline=None,
        database=None,
        derandomize=True,  # the same cases on every run: a failure here is reproducible
        suppress_health_check=list(hypothesis.HealthCheck),
    )
    # Valid and invalid input alike (an operation without inputs has no invalid cases).
    @hypothesis.given(
        case=st.one_of(
            operation.as_strategy(GenerationMode.POSITIVE),
            operation.as_strategy(GenerationMode.NEGATIVE),
        )
    )
    def examples(case):  # type: ignore[no-untyped-def]
        nonlocal ran
        ran += 1
        # negative_data_rejection skips a case without its generation record: it must have one.
        assert case.meta is not None
        case.call_and_validate(headers=headers, checks=CHECKS)

    examples()
    return ran


# Sequences: what one call creates, the next reads, changes or deletes.
STATEFUL_CHECKS = [*CHECKS, use_after_free, ensure_resource_availability]
STATEFUL_SCENARIOS = 40
STATEFUL_STEPS = 8


@pytest.mark.slow
def test_stateful_sequences_fit_the_schema(api_schema, stack):  # type: ignore[no-untyped-def]
    """schemathesis links each operation's answers to the operations that take what they
    return (e.g. a saved beneficiary's id → read it, delete it, then read it again: 404),
    signed in, and checks every step like the stateless test plus use after delete and
    resources that are created but cannot be read."""
    schema = api_schema
    for label in EXCLUDED:
        method, path = label.split(" ", 1)
        schema = schema.exclude(method=method, path=path)
    machine = schema.as_state_machine()
    rules = [name for name in dir(machine) if hasattr(getattr(machine, name), RULE_MARKER)]
    links = [name for name in rules if not name.startswith("RANDOM")]
    steps = {"calls": 0, "through a link": 0}

    class SignedIn(machine):  # type: ignore[misc,valid-type]
        def step(self, input):  # type: ignore[no-untyped-def]
            steps["through a link"] += input.transition is not None
            return super().step(input)

        def get_call_kwargs(self, case):  # type: ignore[no-untyped-def]
            # A case whose headers were made invalid on purpose (no Authorization) is sent as
            # generated: signing it in would turn the refusal it checks into an answer.
            meta = case._meta
            header = meta.components.get(ParameterLocation.HEADER) if meta else None
            if header is not None and header.mode == GenerationMode.NEGATIVE:
                return {}
            return {"headers": {"Authorization": f"Bearer {stack.token}"}}

        def validate_response(self, response, case, additional_checks=None, **kwargs):  # type: ignore[no-untyped-def]
            steps["calls"] += 1
            case.validate_response(
                response,
                checks=STATEFUL_CHECKS,
                transport_kwargs=kwargs or None,
                recorder=self.recorder,
            )

    SignedIn.run(
        settings=hypothesis.settings(
            max_examples=STATEFUL_SCENARIOS,
            stateful_step_count=STATEFUL_STEPS,
            deadline=None,
            database=None,
            derandomize=True,
            suppress_health_check=list(hypothesis.HealthCheck),
        )
    )
    print(f"schemathesis stateful: {len(links)} links, {steps}, 0 violations")
    # The links are inferred from the document (ids in answers ↔ path parameters).
    assert len(links) > 50 and steps["through a link"] > 0, (links, steps)
