"""The app's shipped data in an installed wheel: ``cards/``, ``assets/`` and ``docs/``.

setup.py maps the checkout's top-level folders into this package; engine/resources.py reads them with
``importlib.resources``. A source checkout (also an editable install) reads the top-level folders.
"""
