"""The pygame side of kidgames: scenes, input, widgets, animation and assets."""
