"""bench/profile.py puts each py-spy sample in the layer of its innermost frame."""

from __future__ import annotations

from bench.profile import OTHER, layer_samples

SERVING = "_run_module_as_main (<frozen runpy>:198);run (uvicorn/main.py:580);Runner.run (asyncio/runners.py:118)"


def test_samples_go_to_the_innermost_frames_layer() -> None:
    raw = [
        f"{SERVING};BaseEventLoop._run_once (asyncio/base_events.py:1898);EpollSelector.select (selectors.py:468) 30",
        f"{SERVING} 10",  # uvloop: the poll is in C, below Runner.run
        f"{SERVING};transfer (core_sim/ledger/transfers.py:93);PreparedStatement.fetch (asyncpg/prepared_stmt.py:176) 7",
        f"{SERVING};transfer (core_sim/ledger/transfers.py:93) 2",
        f"{SERVING};Session.execute (sqlalchemy/orm/session.py:2362) 5",
        f"{SERVING};Litestar.__call__ (litestar/app.py:600) 3",
        f"{SERVING};Handle._run (asyncio/events.py:84);sha256 (hashlib.py:1) 1",
    ]
    counts = layer_samples(raw)
    assert counts == {
        "waiting (idle event loop)": 40,
        "asyncpg (PostgreSQL driver)": 7,
        "Kobo's own code": 2,
        "SQLAlchemy": 5,
        "HTTP server and framework": 3,
        OTHER: 1,
    }


def test_background_threads_are_left_out() -> None:
    raw = [
        "_bootstrap (threading.py:1002);_bootstrap_inner (threading.py:1045);"
        "QueueListener._monitor (logging/handlers.py:1580);Condition.wait (threading.py:327) 90",
        f"{SERVING};Session.execute (sqlalchemy/orm/session.py:2362) 5",
    ]
    assert layer_samples(raw) == {"SQLAlchemy": 5}


def test_a_frame_name_with_newlines_stays_one_sample() -> None:
    # SQLAlchemy's generated wrappers carry their source in the frame's name.
    raw = [
        f"{SERVING};_connection_for_bind (<sqlalchemy generated _go() wrapper for session\n",
        "    return target(fn, self, bind)\n",
        " (def __init__(self, bind):\n",
        ");Session.execute (sqlalchemy/orm/session.py:2362) 4\n",
        f"{SERVING};Litestar.__call__ (litestar/app.py:600) 3\n",
    ]
    assert layer_samples(raw) == {"SQLAlchemy": 4, "HTTP server and framework": 3}
