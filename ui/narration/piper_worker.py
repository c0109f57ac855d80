"""The piper worker: one process that loads a voice once and renders lines on request.

Run by ``tts.PiperSynthesizer`` as ``python piper_worker.py MODEL`` (this file stands alone: it
imports nothing from the app). Loading a medium voice takes a second or more on a Pi, so it is
done once per voice, not once per line. piper-tts (GPL-3.0) and onnxruntime live in this process
only, at a lower CPU priority than the app, so rendering never makes the touchscreen stutter.

Protocol, one JSON object per line: the first reply is ``{"ready": true}`` or
``{"error": "...", "fatal": true}``; then each request ``{"text", "out", "length_scale",
"speaker"}`` is answered ``{"ok": true}`` or ``{"error": "..."}``.
"""

import json
import os
import sys
import wave


def _reply(obj) -> None:
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


def main(argv) -> int:
    model = argv[1]
    threads = int(argv[2]) if len(argv) > 2 else 1
    try:
        os.nice(10)  # the touchscreen always wins the CPU
    except OSError:
        pass
    try:
        import onnxruntime
        from piper import PiperVoice, SynthesisConfig
        from piper.config import PiperConfig

        with open(model + ".json", encoding="utf-8") as fh:
            config = PiperConfig.from_dict(json.load(fh))
        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1
        session = onnxruntime.InferenceSession(model, sess_options=options,
                                               providers=["CPUExecutionProvider"])
        voice = PiperVoice(session=session, config=config)
    except Exception as error:  # any failure to load is the one answer: this voice cannot be used
        _reply({"error": f"{type(error).__name__}: {error}".strip()[:300], "fatal": True})
        return 1
    _reply({"ready": True})
    for raw in sys.stdin:
        try:
            req = json.loads(raw)
            # noise_w_scale 0: the same words always last exactly as long (the night's timing
            # must not differ between two games); the voice's own noise_scale keeps it natural.
            syn = SynthesisConfig(speaker_id=req.get("speaker"), length_scale=req.get("length_scale"),
                                  noise_w_scale=0.0)
            with wave.open(req["out"], "wb") as w:
                voice.synthesize_wav(req["text"], w, syn_config=syn)
            _reply({"ok": True})
        except Exception as error:
            _reply({"error": f"{type(error).__name__}: {error}"[:300]})
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
