#!/usr/bin/env python3
"""Generates a String Catalog for benchmarking `layoutsim check`: N keys (default 2000) in 10 locales
(en de fr es it nl pl pt-BR th ar), UI-length strings of deterministic pseudo-random words, plus its spec.

usage: python3 Scripts/make_bench_catalog.py OUT_DIR [KEYS]
writes OUT_DIR/Bench.xcstrings and OUT_DIR/bench.yaml
"""
import json
import os
import random
import sys

out = sys.argv[1]
keys = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
rng = random.Random(20261121)
words = {
    "en": "settings account privacy notification download message weather forecast continue cancel update location".split(),
    "de": "Einstellungen Konto Datenschutz Benachrichtigung herunterladen Nachricht Wetter Vorhersage fortfahren abbrechen".split(),
    "fr": "réglages compte confidentialité notification télécharger message météo prévisions continuer annuler".split(),
    "es": "ajustes cuenta privacidad notificación descargar mensaje tiempo pronóstico continuar cancelar".split(),
    "it": "impostazioni account privacy notifica scaricare messaggio meteo previsioni continuare annullare".split(),
    "nl": "instellingen account privacy melding downloaden bericht weer verwachting doorgaan annuleren".split(),
    "pl": "ustawienia konto prywatność powiadomienie pobierz wiadomość pogoda prognoza kontynuuj anuluj".split(),
    "pt-BR": "ajustes conta privacidade notificação baixar mensagem clima previsão continuar cancelar".split(),
    "th": "การตั้งค่า บัญชี ความเป็นส่วนตัว การแจ้งเตือน ดาวน์โหลด ข้อความ สภาพอากาศ พยากรณ์ ดำเนินการต่อ ยกเลิก".split(),
    "ar": "الإعدادات الحساب الخصوصية إشعار تنزيل رسالة الطقس التوقعات متابعة إلغاء".split(),
}
strings = {}
for k in range(keys):
    n = rng.choice([1, 2, 3, 4, 6, 9])
    locs = {}
    for loc, pool in words.items():
        text = " ".join(rng.choice(pool) for _ in range(n))
        locs[loc] = {"stringUnit": {"state": "translated", "value": text[:1].upper() + text[1:]}}
    strings[f"screen{k // 50}.label{k}"] = {"localizations": locs}
os.makedirs(out, exist_ok=True)
with open(os.path.join(out, "Bench.xcstrings"), "w") as f:
    json.dump({"sourceLanguage": "en", "strings": strings, "version": "1.0"}, f, ensure_ascii=False, indent=1, sort_keys=True)
with open(os.path.join(out, "bench.yaml"), "w") as f:
    f.write("defaults:\n  style: body\n  device: iphone-15\n  lines: 2\n  mustFitThrough: AX5\n"
            "elements:\n  - key: \"screen1*\"\n    style: headline\n    lines: 1\n    width: 200\n")
print(f"{keys} keys x {len(words)} locales -> {out}")
