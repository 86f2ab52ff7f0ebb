"""Renders deploy/k8s's kustomizations offline, in Python, for the manifest tests: the few
kustomize features those files use and no others (a kustomization using anything else is
refused, so it cannot be rendered wrongly in silence):

- `resources`: files (one or more YAML documents) and directories with a kustomization;
- `namespace`, `labels` (pairs, without selectors), `commonAnnotations`;
- `images` (name -> newName:newTag, or newName@digest);
- `patches`: JSON 6902 operations (add, replace, remove), from `path` or inline `patch`,
  aimed by `target` kind and name.

test_deploy_manifests.py compares this rendering with `kubectl kustomize` where kubectl is
installed, so the two cannot drift apart unnoticed.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import yaml

Resource = dict[str, Any]
KNOWN_KEYS = {
    "apiVersion",
    "kind",
    "resources",
    "namespace",
    "labels",
    "commonAnnotations",
    "images",
    "patches",
}
POD_TEMPLATE_KINDS = {"Deployment", "StatefulSet", "DaemonSet", "Job", "ReplicaSet"}


class UnsupportedKustomization(ValueError):
    pass


def render(directory: Path) -> list[Resource]:
    kustomization = yaml.safe_load((directory / "kustomization.yaml").read_text())
    unknown = set(kustomization) - KNOWN_KEYS
    if unknown:
        raise UnsupportedKustomization(f"{directory}: {sorted(unknown)}")
    resources: list[Resource] = []
    for entry in kustomization.get("resources", []):
        path = (directory / entry).resolve()
        if path.is_dir():
            resources.extend(render(path))
        else:
            resources.extend(doc for doc in yaml.safe_load_all(path.read_text()) if doc)
    for patch in kustomization.get("patches", []):
        operations = yaml.safe_load(
            (directory / patch["path"]).read_text() if "path" in patch else patch["patch"]
        )
        if not isinstance(operations, list):
            raise UnsupportedKustomization(f"{directory}: only JSON 6902 patches are rendered")
        target = patch["target"]
        matched = [
            r
            for r in resources
            if r["kind"] == target["kind"] and r["metadata"]["name"] == target["name"]
        ]
        if len(matched) != 1:
            raise UnsupportedKustomization(f"{directory}: patch target {target} not found once")
        for operation in operations:
            _apply(matched[0], operation)
    for image in kustomization.get("images", []):
        for resource in resources:
            for container in _containers(resource):
                if _image_name(container["image"]) == image["name"]:
                    name = image.get("newName", image["name"])
                    # kustomize: a digest, when given, is used instead of any tag
                    if "digest" in image:
                        container["image"] = f"{name}@{image['digest']}"
                    else:
                        container["image"] = f"{name}:{image['newTag']}"
    for group in kustomization.get("labels", []):
        if group.get("includeSelectors") or group.get("includeTemplates"):
            raise UnsupportedKustomization(f"{directory}: labels on selectors or templates")
        for resource in resources:
            resource["metadata"].setdefault("labels", {}).update(group["pairs"])
    annotations = kustomization.get("commonAnnotations", {})
    for resource in resources:
        if annotations:
            resource["metadata"].setdefault("annotations", {}).update(annotations)
            template = _pod_template(resource)
            if template is not None:
                template.setdefault("metadata", {}).setdefault("annotations", {}).update(
                    annotations
                )
        if "namespace" in kustomization:
            resource["metadata"]["namespace"] = kustomization["namespace"]
    return resources


def _image_name(image: str) -> str:
    """An image reference without its digest or tag (a registry's :port stays)."""
    name = image.split("@")[0]
    registry, _, last = name.rpartition("/")
    return f"{registry}/{last.split(':')[0]}" if registry else last.split(":")[0]


def _pod_template(resource: Resource) -> dict[str, Any] | None:
    if resource["kind"] not in POD_TEMPLATE_KINDS:
        return None
    template: dict[str, Any] = resource["spec"]["template"]
    return template


def _containers(resource: Resource) -> list[dict[str, Any]]:
    template = _pod_template(resource)
    if template is None:
        return []
    spec = template["spec"]
    return [*spec.get("initContainers", []), *spec.get("containers", [])]


def _apply(document: Resource, operation: dict[str, Any]) -> None:
    *parents, last = [
        part.replace("~1", "/").replace("~0", "~") for part in operation["path"].split("/")[1:]
    ]
    node: Any = document
    for part in parents:
        node = node[int(part)] if isinstance(node, list) else node[part]
    op = operation["op"]
    key: Any = int(last) if isinstance(node, list) and last != "-" else last
    if op == "remove":
        del node[key]
    elif op == "replace":
        if isinstance(node, dict) and key not in node:
            raise UnsupportedKustomization(f"replace of a missing {operation['path']}")
        node[key] = copy.deepcopy(operation["value"])
    elif op == "add":
        if isinstance(node, list):
            node.insert(len(node) if key == "-" else key, copy.deepcopy(operation["value"]))
        else:
            node[key] = copy.deepcopy(operation["value"])
    else:
        raise UnsupportedKustomization(f"JSON patch op {op}")
