"""Issue 54: an image an operator can trust. deploy/Containerfile installs only
requirements.prod.lock (scripts/lock), every file checked against its hash, with no fallback;
that lock holds exactly what the main dependencies (and the build backend) need, at the
development lock's versions, and nothing the dev extra alone brings (pytest, moto,
schemathesis, py-spy, ...).

What the dependencies need is resolved offline, from the metadata of the packages .venv has
installed (scripts/bootstrap.sh installs the development lock, a superset), for the image's
CPython 3.11 on Linux."""

from __future__ import annotations

import re
import tomllib
from importlib import metadata
from pathlib import Path

from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
PROD_LOCK = ROOT / "requirements.prod.lock"
BUILD_LOCK = ROOT / "requirements.build.lock"
DEV_LOCK = ROOT / "requirements.lock"
CONTAINERFILE = ROOT / "deploy/Containerfile"
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
# The image's interpreter, as scripts/lock tells uv (`--python-version 3.11 --python-platform
# linux`): the lowest 3.11, so a dependency only older patch releases need is kept.
IMAGE = {
    **default_environment(),
    "python_version": "3.11",
    "python_full_version": "3.11.0",
    "sys_platform": "linux",
    "platform_system": "Linux",
    "os_name": "posix",
}


def locked(text: str) -> dict[str, tuple[str, list[str]]]:
    """name -> (version, hashes) of a pip requirements file, continuation lines joined."""
    entries = {}
    joined = re.sub(r"\\\n", " ", text)
    for line in joined.splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        requirement, *options = line.split(" --")
        name, version = requirement.split(";")[0].strip().split("==")
        hashes = [o.removeprefix("hash=").strip() for o in options if o.startswith("hash=")]
        entries[canonicalize_name(name)] = (version.strip(), hashes)
    return entries


def needed(requirements: list[str]) -> set[str]:
    """Every distribution the requirements need in the image, by the installed metadata."""
    seen: set[tuple[str, frozenset[str]]] = set()
    todo = [(Requirement(r), frozenset({""})) for r in requirements]
    while todo:
        requirement, extras = todo.pop()
        marker = requirement.marker
        if marker and not any(marker.evaluate({**IMAGE, "extra": e}) for e in extras):
            continue
        key = (canonicalize_name(requirement.name), frozenset(requirement.extras))
        if key in seen:
            continue
        seen.add(key)
        try:
            requires = metadata.distribution(key[0]).requires or []
        except metadata.PackageNotFoundError:
            # Only the image's older 3.11 needs it (async-timeout below 3.11.3), so this
            # interpreter's .venv lacks it: taken as it is, without dependencies.
            assert marker and not any(marker.evaluate({"extra": e}) for e in extras), key
            requires = []
        wanted_extras = frozenset({"", *requirement.extras})
        todo.extend((Requirement(dependency), wanted_extras) for dependency in requires)
    return {name for name, _ in seen}


MAIN = PYPROJECT["project"]["dependencies"]
BUILD = PYPROJECT["build-system"]["requires"]
DEV = PYPROJECT["project"]["optional-dependencies"]["dev"]


def lock_problems(text: str, requirements: list[str] = MAIN) -> list[str]:
    """What is wrong with the text of a production lock of these requirements (an empty
    list: nothing)."""
    lock = locked(text)
    problems = [f"{name} has no hash" for name, (_, hashes) in lock.items() if not hashes]
    problems += [
        f"{name}: {h} is not a sha256"
        for name, (_, hashes) in lock.items()
        for h in hashes
        if not re.fullmatch(r"sha256:[0-9a-f]{64}", h)
    ]
    expected = needed(requirements)
    dev_only = needed(DEV) - expected
    problems += [f"{name} is a development package" for name in sorted(set(lock) & dev_only)]
    problems += [f"{name} is not needed" for name in sorted(set(lock) - expected)]
    problems += [f"{name} is needed and missing" for name in sorted(expected - set(lock))]
    dev_lock = locked(DEV_LOCK.read_text())
    problems += [
        f"{name} {version} differs from the development lock's {dev_lock[name][0]}"
        for name, (version, _) in lock.items()
        if name in dev_lock and dev_lock[name][0] != version
    ]
    return problems


def test_the_production_lock_pins_exactly_what_the_main_dependencies_need_with_hashes() -> None:
    lock = locked(PROD_LOCK.read_text())
    for requirement in map(Requirement, MAIN):
        assert canonicalize_name(requirement.name) in lock, requirement.name
    assert len(lock) > len(MAIN)  # their own dependencies too
    assert lock_problems(PROD_LOCK.read_text()) == []


def test_the_build_lock_pins_the_build_backend_with_hashes() -> None:
    lock = locked(BUILD_LOCK.read_text())
    assert set(lock) == {canonicalize_name(Requirement(r).name) for r in BUILD}
    assert lock_problems(BUILD_LOCK.read_text(), BUILD) == []


def test_a_lock_that_regains_a_development_package_is_refused() -> None:
    text = PROD_LOCK.read_text()
    pytest_version = locked(DEV_LOCK.read_text())["pytest"][0]
    regained = text + f"pytest=={pytest_version} \\\n    --hash=sha256:{'0' * 64}\n"
    assert "pytest is a development package" in lock_problems(regained)
    # A development package's own dependency, which nothing in production needs.
    assert "iniconfig is a development package" in lock_problems(
        text + f"iniconfig==2.0.0 \\\n    --hash=sha256:{'0' * 64}\n"
    )
    unhashed = text.replace("\\\n    --hash=", " \\\n    # --hash=", 1)
    assert any("has no hash" in problem for problem in lock_problems(unhashed))


def test_no_package_of_the_dev_extra_is_in_the_production_lock() -> None:
    lock = locked(PROD_LOCK.read_text())
    dev = {canonicalize_name(Requirement(r).name) for r in DEV}
    assert {"pytest", "moto", "schemathesis", "py-spy", "hypothesis"} <= dev
    assert dev.isdisjoint(lock), dev & set(lock)


def _commands(text: str) -> list[str]:
    """The Containerfile's instructions, continuation lines joined, a RUN's `&&` and `;`
    commands apart."""
    joined = re.sub(r"\\\n(\s*#.*\n)*\s*", " ", text)
    lines = [line.strip() for line in joined.splitlines() if line.strip()[:1] not in ("", "#")]
    return [command.strip() for line in lines for command in re.split(r"&&|;", line)]


def containerfile_problems(text: str) -> list[str]:
    problems = []
    if re.search(r"\brequirements\.lock\b", text):
        problems.append("the development lock is used")
    if re.search(r"\[dev\]|--extra", text):
        problems.append("the dev extra is installed")
    installs = [c for c in _commands(text) if re.search(r"\bpip3? install\b", c)]
    for install in installs:
        if "||" in install or "2>/dev/null" in install:
            problems.append(f"a fallback: {install}")
        if "--no-deps" not in install:
            problems.append(f"resolves dependencies: {install}")
        if not ("--require-hashes" in install or "--no-index" in install):
            problems.append(f"fetches without hashes: {install}")
    from_lock = {
        lock: i for i in installs for lock in re.findall(r"-r (\S+)", i) if "--require-hashes" in i
    }
    if set(from_lock) != {"requirements.build.lock", "requirements.prod.lock"}:
        problems.append("not installed from the two production locks with hashes only")
    # Only the build lock (wheels) installs without a build backend in place.
    for install in installs:
        if "--no-build-isolation" not in install and "-r requirements.build.lock" not in install:
            problems.append(f"fetches a build backend: {install}")
    if not any(re.search(r"--no-index \.( |$)", i) for i in installs):
        problems.append("the project is not installed, with nothing fetched")
    return problems


def test_the_image_installs_only_the_hashed_production_lock_and_the_project() -> None:
    text = CONTAINERFILE.read_text()
    assert "COPY requirements.build.lock requirements.prod.lock ./" in text
    assert containerfile_problems(text) == []
    fallback = text.replace(
        "-r requirements.prod.lock\n",
        "-r requirements.prod.lock 2>/dev/null \\\n    || pip install -r requirements.lock\n",
    )
    assert fallback != text
    assert "the development lock is used" in containerfile_problems(fallback)
    assert any(p.startswith("a fallback") for p in containerfile_problems(fallback))
    dev = text.replace("--no-index .", "--no-index '.[dev]'")
    assert "the dev extra is installed" in containerfile_problems(dev)
    isolated = text.replace(
        "--no-build-isolation \\\n       -r requirements.prod.lock", "-r requirements.prod.lock"
    )
    assert any(p.startswith("fetches a build backend") for p in containerfile_problems(isolated))
