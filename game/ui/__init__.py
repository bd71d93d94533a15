"""The pygame-ce layer: scenes, card art, animation. Imports the core; the core never imports this."""
