from django.conf import settings


def test_settings_load_with_the_test_key():
    assert settings.SECRET_KEY
