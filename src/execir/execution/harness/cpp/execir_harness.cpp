// execir's C++ harness, linked with -Wl,--wrap=main: records on fd 3 ("<nonce> T" when main
// starts, "R <code>" when it returns, "F <name>" for a failed assert or an uncaught exception).
#include <assert.h>
#include <cxxabi.h>
#include <exception>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <typeinfo>
#include <unistd.h>

static char execir_nonce[80];

static void execir_record(const char* kind, const char* detail) {
    char line[200];
    int n = snprintf(line, sizeof line, "%s %s%s%s\n", execir_nonce, kind, detail ? " " : "",
                     detail ? detail : "");
    if (n > 0 && n < (int)sizeof line) {
        ssize_t ignored = write(3, line, (size_t)n);
        (void)ignored;
    }
}

static void execir_name(const char* mangled, char* out, size_t size) {
    int status = 0;
    char* readable = abi::__cxa_demangle(mangled, 0, 0, &status);
    const char* src = status == 0 && readable ? readable : mangled;
    size_t j = 0;
    for (size_t i = 0; src[i] && j + 1 < size && j < 80; i++) {
        char c = src[i];
        if (c == ':' && src[i + 1] == ':') { out[j++] = '.'; i++; }
        else if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.') out[j++] = c;
        else out[j++] = '_';
    }
    out[j] = 0;
    if (!j) snprintf(out, size, "Exception");
    free(readable);
}

extern "C" int __real_main(int, char**, char**);

extern "C" int __wrap_main(int argc, char** argv, char** envp) {
    const char* nonce = getenv("EXECIR_NONCE");
    snprintf(execir_nonce, sizeof execir_nonce, "%s", nonce ? nonce : "");
    execir_record("T", 0);
    int code;
    char name[96];
    try {
        code = __real_main(argc, argv, envp);
    } catch (const std::exception& e) {
        execir_name(typeid(e).name(), name, sizeof name);
        fprintf(stderr, "uncaught exception %s: %s\n", name, e.what());
        execir_record("F", name);
        fflush(0);
        _exit(1);
    } catch (...) {
        std::type_info* t = abi::__cxa_current_exception_type();
        execir_name(t ? t->name() : "Exception", name, sizeof name);
        fprintf(stderr, "uncaught exception %s\n", name);
        execir_record("F", name);
        fflush(0);
        _exit(1);
    }
    char text[16];
    snprintf(text, sizeof text, "%d", code);
    execir_record("R", text);
    return code;
}

extern "C" void __assert_fail(const char* assertion, const char* file, unsigned int line,
                              const char* function) noexcept {
    fprintf(stderr, "%s:%u: %s: Assertion `%s' failed.\n", file, line, function, assertion);
    execir_record("F", "-");
    fflush(0);
    _exit(134);
}
