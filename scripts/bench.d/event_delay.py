#!/usr/bin/env python3
"""Times a mark's event on the other instance's stream (scripts/bench).

    event_delay.py WRITE_BASE STREAM_BASE CAMPAIGN MARKS_PATH TOKEN SECONDS

Follows GET STREAM_BASE/api/v1/campaigns/CAMPAIGN/events with TOKEN, and posts a turn mark to
WRITE_BASE MARKS_PATH (its own sortie, marked by nobody else), one at a time, 50 ms
after the last one's event, waiting each time for that mark's event: a `sheet` event whose data names the sortie. Prints one line, the
milliseconds from each mark's answer to its event on the stream ("0" when the event
came first, which a write's commit allows). Fails when an event does not come within
five seconds.
"""

import asyncio
import json
import re
import sys
import time
from urllib.parse import urlsplit

from hold_streams import open_stream

# An event's message: its id (the revision), its kind, its data (one line).
EVENT = re.compile(rb"id: (\d+)\nevent: (\w+)\ndata: ([^\n]*)\n\n")
INTERVAL = 0.05
PATIENCE = 5.0


async def follow(host, port, path, token, sortie, arrived, ready):
    """Reads the stream as it comes, noting when each event of `sortie` arrives. It reads
    as the sortie's player: an event that changes no open fact names its sortie only to
    those who may read the sheet (API v1.3, R20)."""
    reader, _writer = await open_stream(host, port, path, token)
    ready.set()
    pending = b""
    while data := await reader.read(65536):
        now = time.monotonic()
        pending += data
        end = 0
        for m in EVENT.finditer(pending):
            end = m.end()
            if m.group(2) == b"sheet" and json.loads(m.group(3)).get("id") == sortie:
                arrived.put_nowait(now)
        pending = pending[end:]


async def post(host, port, path, token, body):
    """One POST on a connection kept open; gives the answer's status."""
    reader, writer = post.conn or await asyncio.open_connection(host, port)
    post.conn = (reader, writer)
    data = body.encode()
    writer.write(
        (
            f"POST {path} HTTP/1.1\r\nHost: {host}:{port}\r\nAuthorization: Bearer {token}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n\r\n"
        ).encode()
        + data
    )
    await writer.drain()
    status = int((await reader.readline()).split()[1])
    length = 0
    while (line := await reader.readline()) not in (b"\r\n", b""):
        name, _, value = line.decode().partition(":")
        if name.lower() == "content-length":
            length = int(value)
    await reader.readexactly(length)
    return status


post.conn = None


async def main():
    write_base, stream_base, campaign, marks_path, token, seconds = sys.argv[1:7]
    sortie = int(re.search(r"/sorties/(\d+)/marks", marks_path).group(1))
    w, s = urlsplit(write_base), urlsplit(stream_base)
    arrived = asyncio.Queue()
    ready = asyncio.Event()
    reading = asyncio.create_task(
        follow(
            s.hostname, s.port, f"/api/v1/campaigns/{campaign}/events", token, sortie, arrived, ready
        )
    )
    await asyncio.wait_for(ready.wait(), PATIENCE)
    delays = []
    turn = 0
    stop = time.monotonic() + float(seconds)
    while time.monotonic() < stop:
        turn += 1
        body = json.dumps({"kind": "turn", "turn": turn})
        status = await post(w.hostname, w.port, marks_path, token, body)
        answered = time.monotonic()
        if status != 201:
            raise RuntimeError(f"the probe's mark answered {status}")
        came = await asyncio.wait_for(arrived.get(), PATIENCE)
        delays.append(max(0.0, came - answered) * 1000)
        await asyncio.sleep(INTERVAL)
    reading.cancel()
    print(" ".join(f"{d:.2f}" for d in delays))


if __name__ == "__main__":
    asyncio.run(main())
