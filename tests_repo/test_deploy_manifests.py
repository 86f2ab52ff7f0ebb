"""deploy/k8s (issue 41): every overlay renders, validates offline against the Kubernetes
schemas (kubernetes-validate ships them), and agrees with the BFF's settings; the cluster
rules the manifests promise (probes, hardening, secrets, network policy, staging-only
simulator) hold in what is rendered."""

from __future__ import annotations

import ast
import base64
import configparser
import os
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import kubernetes_validate
import pytest
import yaml

from bff.config import Settings
from tests_repo.kustomize_render import Resource, render

ROOT = Path(__file__).resolve().parent.parent
K8S = ROOT / "deploy" / "k8s"
# The Kubernetes version the manifests are written for (docs/deploy.md): 1.30 or later
# (preStop `sleep`); checked against this release's schemas, unknown fields refused.
KUBERNETES_VERSION = "1.32"
APPS = {"production-example": "kobo", "staging": "kobo-staging"}
OVERLAYS = [*APPS, *(f"{name}/migrate" for name in APPS)]
BFF_IMAGE = "registry.example.ng/kobo/bff"

# Settings production needs, and what they must be. A secret is only checked to be
# referenced from the Secret `kobo-bff` (its value is never in the repository).
SECRET = object()
REQUIRED_IN_PRODUCTION: dict[str, object] = {
    "KOBO_ENV": "production",
    "KOBO_SECRET_KEY": SECRET,
    "DATABASE_URL": SECRET,
    "KOBO_SEED_PERSONAS": "0",
    "KOBO_CORE_URL": None,  # any value; the render's own is checked below
    "KOBO_PUBLIC_URL": None,
    "KOBO_DB_PGBOUNCER": "1",  # the BFF pods reach PostgreSQL through PgBouncer
    # Passkeys (issue 40): the bank's domain and the origins customers open; production
    # refuses localhost (bff/config/, `webauthn_problems`).
    "KOBO_WEBAUTHN_RP_ID": None,
    "KOBO_WEBAUTHN_ORIGINS": None,
}
# Issue 41 parts 1-2: uploaded files in the object store (no pod keeps one), sealed under the
# file key ring, which every production start requires (bff/storage/settings.py).
REQUIRED_BY_OBJECT_STORE_AND_ENCRYPTION: dict[str, object] = {
    "KOBO_STORAGE": "s3",
    "KOBO_S3_BUCKET": None,
    # The ring is a file from the Secret's volume (test_the_file_keys_are_a_mounted_secret).
    "KOBO_FILE_KEYS_FILE": None,
}


@pytest.fixture(scope="module")
def renders() -> dict[str, list[Resource]]:
    return {overlay: render(K8S / "overlays" / overlay) for overlay in OVERLAYS}


def _with_app(renders: dict[str, list[Resource]], overlay: str) -> list[Resource]:
    """An overlay's resources, plus its environment's app render for a migrate overlay."""
    app = overlay.split("/")[0]
    return renders[overlay] + (renders[app] if app != overlay else [])


def _find(resources: list[Resource], kind: str, name: str) -> Resource:
    matches = [r for r in resources if r["kind"] == kind and r["metadata"]["name"] == name]
    assert len(matches) == 1, (kind, name)
    return matches[0]


def _bff_containers(resources: list[Resource]) -> Iterator[dict[str, Any]]:
    """Containers running the BFF (serve or migrate), not the simulator in the same image."""
    for resource in resources:
        if resource["kind"] not in ("Deployment", "Job"):
            continue
        for container in resource["spec"]["template"]["spec"]["containers"]:
            if container["image"].startswith(BFF_IMAGE) and container["args"][:3] == [
                "python",
                "-m",
                "bff",
            ]:
                yield container


def _environment(container: dict[str, Any], resources: list[Resource]) -> dict[str, object]:
    """Name -> value (SECRET for a Secret reference), envFrom ConfigMaps included (give the
    environment's app render too for the migrations Job: the ConfigMap is applied with it)."""
    environment: dict[str, object] = {}
    for source in container.get("envFrom", []):
        config_map = _find(resources, "ConfigMap", source["configMapRef"]["name"])
        environment.update(config_map["data"])
    for variable in container.get("env", []):
        if "valueFrom" in variable:
            assert set(variable["valueFrom"]) == {"secretKeyRef"}, variable
            assert variable["valueFrom"]["secretKeyRef"]["name"] == "kobo-bff", variable
            environment[variable["name"]] = SECRET
        else:
            environment[variable["name"]] = variable["value"]
    return environment


def settings_read_by(packages: tuple[str, ...] = ("bff", "kobo_serving")) -> set[str]:
    """Every environment variable name the packages read (by default the BFF's: bff/ and
    kobo_serving/): the string constants that look like one (KOBO_*, SIM_*, OTEL_*,
    DATABASE_URL, REDIS_URL, PROMETHEUS_MULTIPROC_DIR)."""
    names = set()
    for package in packages:
        for path in (ROOT / package).rglob("*.py"):
            if "tests" in path.parts:
                continue
            for node in ast.walk(ast.parse(path.read_text())):
                if isinstance(node, ast.Constant) and isinstance(node.value, str):
                    value = node.value
                    if value.startswith(("KOBO_", "OTEL_", "SIM_")) or value in (
                        "DATABASE_URL",
                        "REDIS_URL",
                        "PROMETHEUS_MULTIPROC_DIR",
                    ):
                        names.add(value)
    return names


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_each_overlay_validates_against_the_kubernetes_schemas(renders, overlay) -> None:  # type: ignore[no-untyped-def]
    resources = renders[overlay]
    assert resources
    for resource in resources:
        kubernetes_validate.validate(resource, KUBERNETES_VERSION, strict=True)
        assert resource["metadata"]["namespace"] == APPS[overlay.split("/")[0]]


def test_a_resource_with_a_wrong_field_is_refused_by_the_validation() -> None:
    """The validation can fail (a misspelt field is not waved through)."""
    deployment = render(K8S / "overlays" / "production-example")
    bff = _find(deployment, "Deployment", "kobo-bff")
    bff["spec"]["template"]["spec"]["containers"][0]["readinessProbe"]["httpGett"] = {}
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(bff, KUBERNETES_VERSION, strict=True)


@pytest.mark.skipif(shutil.which("kubectl") is None, reason="kubectl is not installed")
@pytest.mark.parametrize("overlay", OVERLAYS)
def test_the_python_rendering_is_kustomize_s(renders, overlay) -> None:  # type: ignore[no-untyped-def]
    rendered = subprocess.run(
        ["kubectl", "kustomize", str(K8S / "overlays" / overlay)],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    expected = sorted(
        (d for d in yaml.safe_load_all(rendered) if d),
        key=lambda r: (r["kind"], r["metadata"]["name"]),
    )
    ours = sorted(renders[overlay], key=lambda r: (r["kind"], r["metadata"]["name"]))
    assert ours == expected


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_every_variable_in_the_manifests_is_a_setting_the_bff_reads(renders, overlay) -> None:  # type: ignore[no-untyped-def]
    known = settings_read_by()
    assert {"KOBO_SECRET_KEY", "DATABASE_URL", "KOBO_DB_PGBOUNCER"} <= known  # the scan works
    containers = list(_bff_containers(renders[overlay]))
    assert containers
    for container in containers:
        unknown = set(_environment(container, _with_app(renders, overlay))) - known
        assert not unknown, f"{overlay}: the BFF reads no setting named {sorted(unknown)}"


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_every_setting_production_requires_is_set(renders, overlay) -> None:  # type: ignore[no-untyped-def]
    required = {**REQUIRED_IN_PRODUCTION, **REQUIRED_BY_OBJECT_STORE_AND_ENCRYPTION}
    for container in _bff_containers(renders[overlay]):
        environment = _environment(container, _with_app(renders, overlay))
        for name, wanted in required.items():
            if overlay.endswith("/migrate") and name in ("KOBO_CORE_URL", "KOBO_PUBLIC_URL"):
                continue  # the migrations Job talks to the database only
            assert name in environment, f"{overlay}: {name} is not set"
            if wanted is not None:
                assert environment[name] == wanted, (overlay, name, environment[name])


@pytest.mark.parametrize("overlay", APPS)
def test_the_bff_starts_in_production_mode_with_the_rendered_settings(  # type: ignore[no-untyped-def]
    renders, overlay, monkeypatch, tmp_path
) -> None:
    """Settings.from_env() (which refuses a production start with anything missing or
    development-only) accepts the rendered environment, secrets filled with stand-ins."""
    (container,) = [c for c in _bff_containers(renders[overlay]) if c["args"][3] == "serve"]
    stand_ins = {
        "KOBO_SECRET_KEY": "s" * 48,
        "DATABASE_URL": "postgresql+asyncpg://kobo@kobo-pgbouncer:6432/kobo",
        "KOBO_S3_ACCESS_KEY_ID": "stand-in",
        "KOBO_S3_SECRET_ACCESS_KEY": "stand-in",
        "KOBO_REDIS_PASSWORD": "stand-in",
    }
    for name in list(os.environ):
        if name.startswith("KOBO_") or name in ("DATABASE_URL", "REDIS_URL"):
            monkeypatch.delenv(name)
    for name, value in _environment(container, renders[overlay]).items():
        monkeypatch.setenv(name, stand_ins[name] if value is SECRET else str(value))
    # The mounted Secret's file, as the volume gives it (mode 0440).
    ring = tmp_path / "file-keys"
    ring.write_text("prod-1:" + base64.b64encode(bytes(range(32))).decode() + "\n")
    ring.chmod(0o440)
    monkeypatch.setenv("KOBO_FILE_KEYS_FILE", str(ring))
    settings = Settings.from_env()
    config = _find(renders[overlay], "ConfigMap", "kobo-bff-settings")["data"]
    assert settings.production and not settings.seed_personas
    assert settings.storage.backend == "s3"
    assert settings.storage.s3_bucket == config["KOBO_S3_BUCKET"]
    assert settings.core_url == config["KOBO_CORE_URL"]
    assert settings.metrics_allow == (config["KOBO_METRICS_ALLOW"],)
    assert settings.redis_url == config["REDIS_URL"]


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_the_file_keys_are_a_mounted_secret_only_the_pod_reads(renders, overlay) -> None:  # type: ignore[no-untyped-def]
    """Every BFF container (serve and migrate) reads the ring from the Secret's `file-keys`
    key mounted read-only as a file (KOBO_FILE_KEYS_FILE), never from the environment, with
    a mode that leaves other users out (the BFF refuses a world-readable key file) and the
    pod's group owning it (fsGroup), or the BFF's user could not read it."""
    checked = 0
    for resource in renders[overlay]:
        pod = (
            resource["spec"]["template"]["spec"]
            if resource["kind"] in ("Deployment", "Job")
            else {}
        )
        volumes = {v["name"]: v for v in pod.get("volumes", [])}
        for container in _bff_containers([resource]):
            checked += 1
            names = {v["name"] for v in container.get("env", [])}
            assert "KOBO_FILE_KEYS" not in names, "the ring comes from the file alone"
            path = {v["name"]: v.get("value") for v in container["env"]}["KOBO_FILE_KEYS_FILE"]
            [mount] = [
                m for m in container["volumeMounts"] if path.startswith(m["mountPath"] + "/")
            ]
            assert mount.get("readOnly") is True
            secret = volumes[mount["name"]]["secret"]
            assert secret["secretName"] == "kobo-bff"
            [item] = secret["items"]
            assert (item["key"], mount["mountPath"] + "/" + item["path"]) == ("file-keys", path)
            assert secret["defaultMode"] == 0o440, oct(secret["defaultMode"])  # r--r-----
            assert pod["securityContext"]["fsGroup"] == pod["securityContext"]["runAsGroup"]
    assert checked, "no BFF container"


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_secrets_are_referenced_never_inlined(renders, overlay) -> None:  # type: ignore[no-untyped-def]
    resources = renders[overlay]
    assert not [r for r in resources if r["kind"] == "Secret"]
    secretish = ("SECRET", "PASSWORD", "API_KEY", "DATABASE_URL", "ENCRYPTION")
    for config_map in (r for r in resources if r["kind"] == "ConfigMap"):
        assert not [k for k in config_map["data"] if any(s in k for s in secretish)]
    for container in _bff_containers(resources):
        for variable in container.get("env", []):
            if any(s in variable["name"] for s in secretish):
                assert "secretKeyRef" in variable.get("valueFrom", {}), variable


def test_the_bff_pods_are_probed_drained_and_locked_down(renders) -> None:  # type: ignore[no-untyped-def]
    from bff.__main__ import _export_document

    resources = renders["production-example"]
    deployment = _find(resources, "Deployment", "kobo-bff")
    pod = deployment["spec"]["template"]["spec"]
    (container,) = pod["containers"]
    routes = set(_export_document()["paths"])
    assert container["livenessProbe"]["httpGet"]["path"] == "/health" in routes
    assert container["readinessProbe"]["httpGet"]["path"] == "/ready" in routes
    assert container["lifecycle"]["preStop"]["sleep"]["seconds"] >= 5
    # The pause and uvicorn's 30 s graceful stop fit in the grace period.
    assert (
        pod["terminationGracePeriodSeconds"]
        >= container["lifecycle"]["preStop"]["sleep"]["seconds"] + 30
    )
    assert pod["securityContext"]["runAsNonRoot"] is True
    assert container["securityContext"]["readOnlyRootFilesystem"] is True
    assert container["securityContext"]["allowPrivilegeEscalation"] is False
    assert (
        container["resources"]["requests"]["cpu"] and container["resources"]["requests"]["memory"]
    )
    labels = deployment["spec"]["selector"]["matchLabels"]
    assert _find(resources, "Service", "kobo-bff")["spec"]["selector"] == labels
    assert _find(resources, "Service", "kobo-bff")["spec"]["type"] == "ClusterIP"
    assert _find(resources, "PodDisruptionBudget", "kobo-bff")["spec"]["selector"] == {
        "matchLabels": labels
    }
    hpa = _find(resources, "HorizontalPodAutoscaler", "kobo-bff")
    assert hpa["spec"]["scaleTargetRef"]["name"] == "kobo-bff"
    assert hpa["spec"]["minReplicas"] >= 2


def test_migrations_run_as_a_job_straight_to_the_database(renders) -> None:  # type: ignore[no-untyped-def]
    resources = renders["production-example/migrate"]
    job = _find(resources, "Job", "kobo-migrate")
    (container,) = job["spec"]["template"]["spec"]["containers"]
    assert container["args"] == ["python", "-m", "bff", "migrate"]
    (database,) = [v for v in container["env"] if v["name"] == "DATABASE_URL"]
    assert database["valueFrom"]["secretKeyRef"]["key"] == "database-url-direct"
    # The same image as the rollout it prepares.
    (bff,) = _find(renders["production-example"], "Deployment", "kobo-bff")["spec"]["template"][
        "spec"
    ]["containers"]
    assert container["image"] == bff["image"]


def test_pgbouncer_pools_transactions(renders) -> None:  # type: ignore[no-untyped-def]
    for overlay in APPS:
        ini = configparser.ConfigParser(inline_comment_prefixes=(";",))
        ini.read_string(
            _find(renders[overlay], "ConfigMap", "kobo-pgbouncer")["data"]["pgbouncer.ini"]
        )
        assert ini["pgbouncer"]["pool_mode"] == "transaction"
        assert "invalid" not in ini["databases"]["kobo"]  # the overlay set the real address


@pytest.mark.parametrize("overlay", APPS)
def test_the_bff_reaches_only_its_database_core_object_store_and_redis(renders, overlay) -> None:  # type: ignore[no-untyped-def]
    resources = renders[overlay]
    deny = _find(resources, "NetworkPolicy", "default-deny")["spec"]
    assert deny == {"podSelector": {}, "policyTypes": ["Ingress", "Egress"]}
    policy = _find(resources, "NetworkPolicy", "kobo-bff")["spec"]
    assert policy["podSelector"]["matchLabels"] == {"kobo.ng/role": "bff"}
    database, core, object_store, dns, redis = policy["egress"]
    assert database["to"] == [{"podSelector": {"matchLabels": {"kobo.ng/role": "pgbouncer"}}}]
    assert [p["port"] for p in dns["ports"]] == [53, 53]
    for rule, in_cluster in ((core, "core-sim"), (object_store, None), (redis, "redis")):
        (peer,) = rule["to"]
        assert "ipBlock" in peer or peer == {
            "podSelector": {"matchLabels": {"kobo.ng/role": in_cluster}}
        }
        if "ipBlock" in peer:
            assert not peer["ipBlock"]["cidr"].startswith("192.0.2."), "the overlay sets it"
            assert peer["ipBlock"]["cidr"] != "0.0.0.0/0"
    # Ingress: the ingress controller and in-cluster monitoring only, on the BFF's port.
    (ingress,) = policy["ingress"]
    sources = {
        p["namespaceSelector"]["matchLabels"]["kubernetes.io/metadata.name"]
        for p in ingress["from"]
    }
    assert sources == {"ingress-nginx", "monitoring"}
    # /metrics: answered only to in-cluster addresses, and never through the proxy.
    config = _find(resources, "ConfigMap", "kobo-bff-settings")["data"]
    assert config["KOBO_METRICS_ALLOW"].startswith("10.")


def test_the_simulator_is_staging_only(renders) -> None:  # type: ignore[no-untyped-def]
    def simulated(resources: list[Resource]) -> list[Resource]:
        return [r for r in resources if "core-sim" in r["metadata"]["name"]]

    for overlay in OVERLAYS:
        if overlay.startswith("staging"):
            continue
        assert not simulated(renders[overlay]), overlay
        assert "core-sim" not in yaml.safe_dump_all(renders[overlay])
    staging = simulated(renders["staging"])
    assert {r["kind"] for r in staging} == {"Deployment", "Service", "NetworkPolicy"}
    (deployment,) = [r for r in staging if r["kind"] == "Deployment"]
    (container,) = deployment["spec"]["template"]["spec"]["containers"]
    simulator_reads = settings_read_by(("core_sim",))
    assert {v["name"] for v in container["env"]} <= simulator_reads
    for resource in staging:
        assert resource["metadata"]["labels"]["kobo.ng/staging-only"] == "true"
        assert "STAGING ONLY" in resource["metadata"]["annotations"]["kobo.ng/warning"]
        assert resource["metadata"]["name"].endswith("staging-only")


# -- issue 53: lose a machine, lose nothing ---------------------------------------------------


@pytest.mark.parametrize("overlay", APPS)
def test_the_autoscaler_alone_sets_the_bffs_pod_count(renders, overlay) -> None:  # type: ignore[no-untyped-def]
    """A Deployment an HPA scales must not name a count: every `kubectl apply` would put it
    back, scaling a busy deployment down (the production overlay used to patch in 3)."""
    resources = renders[overlay]
    scaled = [r for r in resources if r["kind"] == "HorizontalPodAutoscaler"]
    assert scaled
    for hpa in scaled:
        target = hpa["spec"]["scaleTargetRef"]
        deployment = _find(resources, target["kind"], target["name"])
        assert "replicas" not in deployment["spec"], (overlay, target["name"])
    if overlay == "production-example":
        (hpa,) = scaled
        assert hpa["spec"]["minReplicas"] >= 3


@pytest.mark.parametrize("overlay", APPS)
@pytest.mark.parametrize("name", ["kobo-bff", "kobo-pgbouncer"])
def test_the_bff_and_pgbouncer_spread_over_machines_and_zones(renders, overlay, name) -> None:  # type: ignore[no-untyped-def]
    resources = renders[overlay]
    deployment = _find(resources, "Deployment", name)
    pod = deployment["spec"]["template"]
    spread = {c["topologyKey"]: c for c in pod["spec"]["topologySpreadConstraints"]}
    assert set(spread) == {"topology.kubernetes.io/zone", "kubernetes.io/hostname"}
    for constraint in spread.values():
        assert constraint["maxSkew"] == 1
        selected = constraint["labelSelector"]["matchLabels"]
        assert selected.items() <= pod["metadata"]["labels"].items(), "selects its own pods"
    # Never two on one machine while another has room; zones are preferred, not required.
    assert spread["kubernetes.io/hostname"]["whenUnsatisfiable"] == "DoNotSchedule"
    assert spread["kubernetes.io/hostname"]["nodeTaintsPolicy"] == "Honor"
    assert spread["topology.kubernetes.io/zone"]["whenUnsatisfiable"] == "ScheduleAnyway"
    # A drain takes one pod at a time.
    budget = _find(resources, "PodDisruptionBudget", name)["spec"]
    assert budget["selector"] == deployment["spec"]["selector"]
    assert budget["maxUnavailable"] == 1


def _allows(rule: dict[str, Any], port: int) -> bool:
    return any(p["port"] == port for p in rule["ports"])


@pytest.mark.parametrize("overlay", APPS)
def test_redis_url_is_set_and_reachable_under_the_network_policy(renders, overlay) -> None:  # type: ignore[no-untyped-def]
    """The BFF pods are given REDIS_URL, and the NetworkPolicies let them (and only them)
    reach it: an in-cluster Redis through its Service, or a managed one by its address."""
    resources = renders[overlay]
    (serve,) = [c for c in _bff_containers(resources) if c["args"][3] == "serve"]
    environment = _environment(serve, resources)
    url = urlsplit(str(environment["REDIS_URL"]))
    assert url.scheme in ("redis", "rediss") and url.hostname and url.port
    assert url.password is None, "the password is KOBO_REDIS_PASSWORD, from the Secret"
    egress = _find(resources, "NetworkPolicy", "kobo-bff")["spec"]["egress"]
    services = {r["metadata"]["name"]: r for r in resources if r["kind"] == "Service"}
    if url.hostname in services:  # in the cluster: Service -> pods -> both policies
        service = services[url.hostname]["spec"]
        (port,) = [p for p in service["ports"] if p["port"] == url.port]
        (redis,) = [
            r
            for r in resources
            if r["kind"] == "Deployment"
            and service["selector"].items() <= r["spec"]["template"]["metadata"]["labels"].items()
        ]
        labels = redis["spec"]["template"]["metadata"]["labels"]
        (container,) = redis["spec"]["template"]["spec"]["containers"]
        (target,) = [p for p in container["ports"] if p["name"] == port["targetPort"]]
        reaching = [
            rule
            for rule in egress
            if _allows(rule, target["containerPort"])
            and any(
                peer.get("podSelector", {}).get("matchLabels", {"-": "-"}).items() <= labels.items()
                for peer in rule["to"]
            )
        ]
        assert reaching, f"{overlay}: no BFF egress rule reaches {url.hostname}"
        (policy,) = [  # the policy of Redis's pods (not the namespace's default-deny)
            r
            for r in resources
            if r["kind"] == "NetworkPolicy"
            and r["spec"]["podSelector"].get("matchLabels")
            and r["spec"]["podSelector"]["matchLabels"].items() <= labels.items()
        ]
        (ingress,) = policy["spec"]["ingress"]
        assert ingress["from"] == [{"podSelector": {"matchLabels": {"kobo.ng/role": "bff"}}}]
        assert _allows(ingress, target["containerPort"])
        assert "Egress" in policy["spec"]["policyTypes"] and not policy["spec"].get("egress")
    else:  # a managed Redis outside the cluster: its address, over TLS, with a password
        reaching = [
            rule
            for rule in egress
            if _allows(rule, url.port) and any("ipBlock" in peer for peer in rule["to"])
        ]
        assert reaching, f"{overlay}: no BFF egress rule reaches {url.hostname}:{url.port}"
        for rule in reaching:
            for peer in rule["to"]:
                assert not peer["ipBlock"]["cidr"].startswith("192.0.2."), "the overlay sets it"
                assert peer["ipBlock"]["cidr"] != "0.0.0.0/0"
        assert url.scheme == "rediss"
        assert environment["KOBO_REDIS_PASSWORD"] is SECRET


# -- issue 54: an image an operator can trust --------------------------------------------------


@pytest.mark.parametrize("overlay", ["production-example", "production-example/migrate"])
def test_every_production_image_is_pinned_by_digest(renders, overlay) -> None:  # type: ignore[no-untyped-def]
    """A tag can be moved to another build; a digest names one. Every container (init ones
    too) of the production overlay runs an image pinned by `@sha256:`."""
    images = [
        container["image"]
        for resource in renders[overlay]
        if resource["kind"] in ("Deployment", "StatefulSet", "DaemonSet", "Job")
        for container in [
            *resource["spec"]["template"]["spec"].get("initContainers", []),
            *resource["spec"]["template"]["spec"]["containers"],
        ]
    ]
    assert images
    unpinned = [
        i for i in images if not re.fullmatch(r"[^@:\s]+(:\d+/[^@:\s]+)?@sha256:[0-9a-f]{64}", i)
    ]
    assert not unpinned, f"{overlay}: not pinned by digest: {unpinned}"


def test_an_image_pinned_by_tag_alone_is_refused(tmp_path: Path) -> None:
    """The renderer gives a tag when the overlay names no digest (as kustomize does), which
    the pin test refuses."""
    overlay = K8S / "overlays" / "production-example"
    text = (overlay / "kustomization.yaml").read_text()
    tagged = re.sub(r"digest: sha256:[0-9a-f]{64}", 'newTag: "0.1.0"', text, count=1)
    assert tagged != text
    copy = tmp_path / "overlay"
    shutil.copytree(overlay, copy)
    (copy / "kustomization.yaml").write_text(tagged.replace("../../base", str(K8S / "base")))
    bff = _find(render(copy), "Deployment", "kobo-bff")
    assert bff["spec"]["template"]["spec"]["containers"][0]["image"] == f"{BFF_IMAGE}:0.1.0"
    with pytest.raises(AssertionError, match="not pinned by digest"):
        test_every_production_image_is_pinned_by_digest({"x": render(copy)}, "x")
