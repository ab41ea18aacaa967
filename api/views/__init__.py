"""The API's endpoints, a module per part of the site they mirror."""
