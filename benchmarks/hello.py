"""The reference: a Flask hello-world JSON endpoint, served the same way as casebook.

``python -m benchmarks.hello PORT [WORKER_CLASS] [WORKERS]`` serves it with ``casebook serve``'s
own settings (``api.serving``): the same gunicorn workers, limits and timeouts.
"""

import sys

from flask import Flask

from api.serving import ServeSettings, run_gunicorn

app = Flask(__name__)


@app.get("/hello")
def hello() -> dict[str, str]:
    return {"hello": "world"}


if __name__ == "__main__":
    given = sys.argv[1:4]
    port, worker_class, workers = given + ["8000", "gevent", "2"][len(given) :]
    settings = ServeSettings(port=int(port), worker_class=worker_class, workers=int(workers))
    run_gunicorn(settings, lambda: app)
