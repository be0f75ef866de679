#include <cstdio>
#include <iostream>

void utcText(long long t) {
    long long days = t / 86400, secs = t % 86400;
    if (secs < 0) {
        secs += 86400;
        days -= 1;
    }
    long long z = days + 719468;
    long long era = z / 146097, doe = z - era * 146097;
    long long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    long long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    long long mp = (5 * doy + 2) / 153;
    long long d = doy - (153 * mp + 2) / 5 + 1;
    long long m = mp < 10 ? mp + 3 : mp - 9;
    std::printf("%04lld-%02lld-%02lld %02lld:%02lld:%02lld\n", yoe + era * 400 + (m <= 2), m, d,
                secs / 3600, secs / 60 % 60, secs % 60);
}

int main() {
    int q = 0;
    std::cin >> q;
    for (int i = 0; i < q; i++) {
        long long t;
        std::cin >> t;
        utcText(t);
    }
    return 0;
}
