"""OpenTelemetry for both programs, on only when OTEL_EXPORTER_OTLP_ENDPOINT is set.

Off (the default) nothing of OpenTelemetry is even imported and no middleware is added, so it
costs nothing. On, each program traces its requests through Litestar's OpenTelemetry plugin,
and the BFF's client to the core carries the W3C `traceparent` header
(bff/core_client/transport.py), so one customer action is one trace across the BFF and the
core. The exporter reads the standard OTEL_* variables (endpoint, headers, timeout).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from opentelemetry.sdk.trace import TracerProvider

# Probes and scrapes every few seconds would drown the customers' traces.
NOT_TRACED = ["^/health$", "^/ready$", "^/metrics$"]


def provider_from_env(service_name: str) -> TracerProvider | None:
    if not os.environ.get("OTEL_EXPORTER_OTLP_ENDPOINT"):
        return None
    from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
    from opentelemetry.sdk.resources import Resource
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import BatchSpanProcessor

    provider = TracerProvider(resource=Resource.create({"service.name": service_name}))
    provider.add_span_processor(BatchSpanProcessor(OTLPSpanExporter()))
    return provider


def litestar_plugins(provider: TracerProvider | None) -> list[Any]:
    if provider is None:
        return []
    from litestar.plugins.opentelemetry import OpenTelemetryConfig, OpenTelemetryPlugin

    return [OpenTelemetryPlugin(OpenTelemetryConfig(tracer_provider=provider, exclude=NOT_TRACED))]
