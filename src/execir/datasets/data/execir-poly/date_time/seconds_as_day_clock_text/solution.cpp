#include <cstdio>
#include <iostream>
#include <string>

std::string dayClock(long long seconds) {
    if (seconds < 0) return "invalid";
    long long days = seconds / 86400, rest = seconds % 86400;
    char buf[64];
    if (days > 0) {
        std::snprintf(buf, sizeof buf, "%lldd %02lld:%02lld:%02lld", days, rest / 3600, rest / 60 % 60, rest % 60);
    } else {
        std::snprintf(buf, sizeof buf, "%02lld:%02lld:%02lld", rest / 3600, rest / 60 % 60, rest % 60);
    }
    return buf;
}

int main() {
    int q = 0;
    std::cin >> q;
    for (int i = 0; i < q; i++) {
        long long s;
        std::cin >> s;
        std::cout << dayClock(s) << "\n";
    }
    return 0;
}
