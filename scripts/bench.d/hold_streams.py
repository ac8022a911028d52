#!/usr/bin/env python3
"""Holds N event streams of a campaign open while the other scenarios run (scripts/bench).

    hold_streams.py BASE CAMPAIGN N READY_FILE

Opens N connections to GET BASE/api/v1/campaigns/CAMPAIGN/events, writes "open N" to
READY_FILE once every stream has answered 200, and reads them until SIGTERM. Then it
prints one line: the streams still open, and for each stream the revisions of the
events it received; the bench checks that every stream got every event in order.
"""

import asyncio
import json
import re
import signal
import sys
from urllib.parse import urlsplit

# An event's message: its id (the revision), then its kind; the opening has no kind.
EVENT = re.compile(rb"id: (\d+)\nevent: ")

# Each stream is read in batches this far apart. The holder shares the server's two
# cores, which 500 screens at a club would not; waking for every event on every stream
# cost it a whole core. The server still writes each event to each stream as it
# happens: they wait in the socket's buffer (some kilobytes) until the next read.
BATCH_SECONDS = 0.05


async def open_stream(host, port, path, token=None):
    """Opens one event stream, anonymously or with a token; gives its reader and writer
    once the server answered 200 (the caller keeps the writer: dropping it closes the
    connection)."""
    reader, writer = await asyncio.open_connection(host, port)
    auth = f"Authorization: Bearer {token}\r\n" if token else ""
    writer.write(
        f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nAccept: text/event-stream\r\n{auth}\r\n".encode()
    )
    await writer.drain()
    status = await reader.readline()
    if b" 200 " not in status:
        raise RuntimeError(f"{path}: {status!r}")
    return reader, writer


async def hold(host, port, path, index, received, opened):
    reader, _writer = await open_stream(host, port, path)
    opened.append(index)
    revisions = received[index]
    pending = b""
    # Read in bulk: hundreds of streams each get every event. Each message is one chunk
    # of the chunked body, so a chunk's size line never falls inside a message.
    while data := await reader.read(65536):
        pending += data
        end = pending.rfind(b"\n\n")
        if end < 0:
            continue
        revisions.extend(int(m.group(1)) for m in EVENT.finditer(pending, 0, end))
        pending = pending[end + 2 :]
        await asyncio.sleep(BATCH_SECONDS)
    return index


async def main():
    base, campaign, count, ready_file = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
    url = urlsplit(base)
    path = f"/api/v1/campaigns/{campaign}/events"
    received = {i: [] for i in range(count)}
    opened = []
    stop = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    tasks = [
        asyncio.create_task(hold(url.hostname, url.port, path, i, received, opened))
        for i in range(count)
    ]
    while len(opened) < count:
        failed = [t for t in tasks if t.done() and t.exception()]
        if failed:
            raise failed[0].exception()
        await asyncio.sleep(0.05)
    with open(ready_file, "w") as ready:
        ready.write(f"open {count}\n")
    await stop.wait()
    # One more batch: what the server wrote before the signal is read.
    await asyncio.sleep(3 * BATCH_SECONDS)
    still_open = sum(1 for t in tasks if not t.done())
    print(json.dumps({"open": still_open, "received": [received[i] for i in range(count)]}))
    for t in tasks:
        t.cancel()


if __name__ == "__main__":
    asyncio.run(main())
