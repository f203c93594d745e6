"""The reference: a Flask hello-world JSON endpoint, served the same way as casebook."""

from flask import Flask

app = Flask(__name__)


@app.get("/hello")
def hello() -> dict[str, str]:
    return {"hello": "world"}
