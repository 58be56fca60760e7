#!/usr/bin/env python3
"""Builds Examples/Screens/{Settings,Onboarding}.xcstrings from real translations shipped with Debian 12:
gnome-control-center-data 1:43.6-2~deb12u1 (settings rows) and gnome-initial-setup 43.2-6 (onboarding).

    apt-get download gnome-control-center-data gnome-initial-setup
    python3 Scripts/make_screens_example.py gnome-control-center-data_*.deb gnome-initial-setup_*.deb

Each key takes the msgid's translation in each locale (the first context that has one); GTK mnemonics are removed
(`_Next` → `Next`, `次へ(_N)` → `次へ`) and `%s` becomes `%@`. A locale without a translation has none in the
catalog (iOS shows the English text, and layoutsim warns). Written as Xcode writes a String Catalog.
"""
import gettext
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

LOCALES = {"de": "de", "fr": "fr", "fi": "fi", "ru": "ru", "th": "th", "ar": "ar", "hi": "hi", "ja": "ja",
           "zh_CN": "zh-Hans", "pt_BR": "pt-BR"}

SETTINGS = {
    "settings.wifi": "Wi-Fi",
    "settings.bluetooth": "Bluetooth",
    "settings.airplaneMode": "Airplane Mode",
    "settings.notifications": "Notifications",
    "settings.locationServices": "Location Services",
    "settings.screenLock": "Screen Lock",
    "settings.nightLight": "Night Light",
    "settings.mobileNetwork": "Mobile Network",
    "settings.value.on": "On",
    "settings.value.off": "Off",
    "settings.value.never": "Never",
}

ONBOARDING = {
    "onboarding.welcome": "Welcome!",
    "onboarding.aboutYou": "About You",
    "onboarding.accounts.title": "Connect Your Online Accounts",
    "onboarding.accounts.body": "Connect your accounts to easily access your email, online calendar, contacts, "
                                "documents and photos.",
    "onboarding.privacy.location": "Location Services",
    "onboarding.privacy.reporting": "Automatic Problem Reporting",
    "onboarding.done.title": "All done!",
    "onboarding.done.body": "%s is ready to be used. We hope that you love it!",
    "onboarding.next": "_Next",
    "onboarding.skip": "_Skip",
    "onboarding.continue": "C_ontinue",
    "onboarding.start": "_Start Using %s",
}


def clean(text):
    text = re.sub(r"\s*\(_[A-Za-z]\)", "", text)
    return text.replace("_", "").replace("%s", "%@")


def catalog(root, domain, locale):
    path = Path(root) / "usr/share/locale" / locale / "LC_MESSAGES" / f"{domain}.mo"
    if not path.exists():
        return {}
    with open(path, "rb") as f:
        table = gettext.GNUTranslations(f)._catalog
    out = {}
    for key, value in sorted(table.items(), key=lambda kv: str(kv[0])):
        msgid = (key if isinstance(key, str) else key[0]).split("\x04")[-1]
        if isinstance(value, str) and value and msgid not in out:
            out[msgid] = value
    return out


def build(root, domain, keys, comment):
    strings = {}
    tables = {locale: catalog(root, domain, locale) for locale in LOCALES}
    for key, msgid in keys.items():
        localizations = {"en": {"stringUnit": {"state": "translated", "value": clean(msgid)}}}
        for locale, tag in LOCALES.items():
            value = tables[locale].get(msgid)
            if value:
                localizations[tag] = {"stringUnit": {"state": "translated", "value": clean(value)}}
        strings[key] = {"comment": comment, "localizations": localizations}
    return {"sourceLanguage": "en", "strings": strings, "version": "1.0"}


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    out = Path(__file__).resolve().parent.parent / "Examples/Screens"
    for deb, domain, keys, name, comment in [
        (sys.argv[1], "gnome-control-center-2.0", SETTINGS, "Settings", "From gnome-control-center 43.6-2~deb12u1"),
        (sys.argv[2], "gnome-initial-setup", ONBOARDING, "Onboarding", "From gnome-initial-setup 43.2-6"),
    ]:
        with tempfile.TemporaryDirectory() as tmp:
            subprocess.run(["dpkg-deb", "-x", deb, tmp], check=True)
            data = build(tmp, domain, keys, comment)
        text = json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True, separators=(",", " : "))
        (out / f"{name}.xcstrings").write_text(text + "\n", encoding="utf-8")
        print(f"wrote {out / name}.xcstrings ({len(keys)} keys)")


if __name__ == "__main__":
    main()
