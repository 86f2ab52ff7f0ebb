"""Traces: off by default; on, one customer action is one trace across the BFF and the core."""

from __future__ import annotations

import asyncio
import contextvars
import dataclasses

from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from bff.app import create_app
from bff.core_client import CoreClient
from bff.tests.helpers import ADA, PASSWORD, make_settings
from core_sim.app import create_app as create_sim_app
from core_sim.settings import SimSettings
from kobo_serving.tracing import provider_from_env
from testbed import asgi_client


def test_tracing_is_off_without_an_endpoint(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.delenv("OTEL_EXPORTER_OTLP_ENDPOINT", raising=False)
    assert provider_from_env("kobo-bff") is None
    app = create_app(make_settings("sqlite+aiosqlite:///:memory:"), core=None)
    assert not any("OpenTelemetry" in type(p).__name__ for p in app.plugins)


async def test_a_sign_in_is_one_trace_across_the_bff_and_the_core(databases) -> None:  # type: ignore[no-untyped-def]
    exporter = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    sim_settings = SimSettings(
        database_url=databases.new("trace_sim"),
        seed=2026,
        bank_code="090605",
        timeout_fault_ms=3_000,
    )
    sim_app = create_sim_app(sim_settings, tracer_provider=provider)

    async def separate_process(scope, receive, send):  # type: ignore[no-untyped-def]
        """The core in a context of its own, as in another process: it can only join the
        BFF's trace through the traceparent header."""
        await asyncio.create_task(sim_app(scope, receive, send), context=contextvars.Context())

    async with asgi_client(separate_process, "http://sim.test") as sim:
        settings = dataclasses.replace(
            make_settings(databases.new("trace_bff")), seed_personas=True
        )
        core = CoreClient(sim, timeout_s=settings.core_timeout_s)
        app = create_app(settings, core=core, tracer_provider=provider)
        async with asgi_client(app, "http://bff.test") as bff:
            exporter.clear()
            login = await bff.post(
                "/auth/ibanking/personal/login", json={"email": ADA, "password": PASSWORD}
            )
            assert login.status_code == 200, login.text

    spans = exporter.get_finished_spans()
    bff_server = [
        s for s in spans if s.kind.name == "SERVER" and "/auth/ibanking/personal/login" in s.name
    ]
    assert len(bff_server) == 1, [s.name for s in spans]
    trace_id = bff_server[0].context.trace_id
    core_calls = [s for s in spans if s.kind.name == "CLIENT" and s.context.trace_id == trace_id]
    sim_server = [
        s
        for s in spans
        if s.kind.name == "SERVER" and s.context.trace_id == trace_id and s is not bff_server[0]
    ]
    assert core_calls, "the BFF's calls to the core are not in the sign-in's trace"
    assert sim_server, "the core's handling is not in the sign-in's trace"
    assert all(s.parent is not None and s.parent.is_remote for s in sim_server)
    assert any("/core/messages" in s.name for s in sim_server), [s.name for s in sim_server]
