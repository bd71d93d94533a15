"""The scenes: menu and its screens (``menu``), the table (``table``), ``deal``, ``play``, ``scoring``."""
