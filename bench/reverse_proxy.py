"""The shipped deploy/nginx.conf, run for real: by the reverse-proxy tests
(bff/tests/test_reverse_proxy.py) and by the drills (bench/drill), pointed at their own BFFs,
addresses and a self-signed certificate. Only what cannot be the same here is changed."""

from __future__ import annotations

import re
import subprocess
from collections.abc import Sequence
from pathlib import Path

from bench.processes import ROOT


def nginx_config(work: Path, upstreams: Sequence[str], http_listen: str, https_listen: str) -> Path:
    """deploy/nginx.conf with its example upstream servers replaced by `upstreams`
    ("address:port", each keeping the shipped server options), listening on `http_listen`
    and `https_listen` ("address:port"), the certificate in `work`. The main nginx.conf
    written beside it is returned."""
    site = (ROOT / "deploy" / "nginx.conf").read_text()
    servers = re.findall(r"^(\s*)server 10\.0\.1\.\d+:8000(.*)$", site, re.MULTILINE)
    indent, options = servers[0]
    lines = "\n".join(f"{indent}server {upstream}{options}" for upstream in upstreams)
    site = re.sub(r"(^\s*server 10\.0\.1\.\d+:8000.*\n)+", lines + "\n", site, flags=re.MULTILINE)
    site = site.replace("listen 80;", f"listen {http_listen};")
    site = site.replace("listen 443 ssl;", f"listen {https_listen} ssl;")
    site = site.replace("/etc/ssl/kobo/", f"{work}/")
    # `http2 on;` needs nginx 1.25.1; Debian 12 has 1.22. HTTP/2 is not what is tested here.
    site = site.replace("http2 on;", "")
    (work / "kobo.conf").write_text(site)
    main = work / "nginx.conf"
    main.write_text(
        f"""
daemon off;
pid {work}/nginx.pid;
error_log {work}/error.log warn;
events {{ worker_connections 1024; }}
http {{
    access_log off;
    client_body_temp_path {work}/body;
    proxy_temp_path {work}/proxy;
    fastcgi_temp_path {work}/fastcgi;
    uwsgi_temp_path {work}/uwsgi;
    scgi_temp_path {work}/scgi;
    include {work}/kobo.conf;
}}
"""
    )
    return main


def self_signed_certificate(work: Path, address: str = "127.0.0.1") -> Path:
    """A certificate for `address` (fullchain.pem, privkey.pem in `work`); its path, for
    clients to verify against."""
    subprocess.run(  # noqa: S603 (a fixed command)
        [
            *("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"),
            *("-subj", f"/CN={address}", "-addext", f"subjectAltName=IP:{address}"),
            *("-keyout", str(work / "privkey.pem"), "-out", str(work / "fullchain.pem")),
        ],
        check=True,
        capture_output=True,
    )
    return work / "fullchain.pem"
