/** Environment variable the agent reads the machine token from; the YAML file refers to it instead of holding the token. */
export const AGENT_TOKEN_ENV = 'TAKTWERK_MACHINE_TOKEN';

/**
 * A small Python agent that runs on the downloaded YAML file (spec part 2 §2: the modal's Python example). It samples
 * every enabled tag at its interval, buffers up to bufferSize values and posts them to the ingest endpoint.
 */
export function agentPythonExample(configFileName: string): string {
  return `# Taktwerk agent example: Python 3.8+ and PyYAML (pip install pyyaml).
# Run: ${AGENT_TOKEN_ENV}=<machine token> python3 agent.py ${configFileName}
# Add --once to send a single batch and exit (a connection test).
import json
import os
import random
import sys
import time
import urllib.error
import urllib.request
from datetime import datetime, timezone

import yaml


def now_iso():
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def load_config(path):
    with open(path, encoding="utf-8") as file:
        config = yaml.safe_load(file)
    config["api"]["token"] = os.path.expandvars(config["api"]["token"])
    if config["api"]["token"].startswith("$"):
        sys.exit("Set ${AGENT_TOKEN_ENV} to the machine token.")
    return config


def read_tag(config, tag):
    """Simulated values: replace with your protocol client (asyncua for OPC UA, pymodbus for Modbus RTU, ...)."""
    if tag["dataType"] == "Boolean":
        return random.random() < 0.5
    if tag["dataType"] == "Int32":
        return random.randint(0, 1000)
    if tag["dataType"] == "String":
        return "ok"
    return round(random.uniform(20, 80), 2)


def send(config, values):
    body = {"machineId": config["machineId"], "batchTimestamp": now_iso(), "values": values}
    request = urllib.request.Request(
        config["api"]["url"],
        data=json.dumps(body).encode("utf-8"),
        headers={"Authorization": "Bearer " + config["api"]["token"], "Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=config["api"]["timeout"]) as response:
        return response.status


def main():
    args = [arg for arg in sys.argv[1:] if arg != "--once"]
    config = load_config(args[0] if args else "${configFileName}")
    tags = [tag for tag in config["tags"] if tag["enabled"]]
    if "--once" in sys.argv:
        values = [{"tag": tag["alias"], "timestamp": now_iso(), "value": read_tag(config, tag)} for tag in tags]
        print(send(config, values))
        return
    buffer, next_send = [], 0.0
    next_sample = {tag["alias"]: 0.0 for tag in tags}
    while True:
        now = time.monotonic()
        for tag in tags:
            if now >= next_sample[tag["alias"]]:
                buffer.append({"tag": tag["alias"], "timestamp": now_iso(), "value": read_tag(config, tag)})
                next_sample[tag["alias"]] = now + tag["sampleInterval"] / 1000
        # While the server is unreachable only the newest bufferSize values are kept.
        del buffer[: -config["bufferSize"]]
        if buffer and now >= next_send:
            try:
                send(config, buffer)
                buffer = []
            except (urllib.error.URLError, OSError) as error:
                print("send failed, keeping", len(buffer), "values:", error, file=sys.stderr)
            next_send = now + config["sendInterval"] / 1000
        time.sleep(0.05)


if __name__ == "__main__":
    main()
`;
}
