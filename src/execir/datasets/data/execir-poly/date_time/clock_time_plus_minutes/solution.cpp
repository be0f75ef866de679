#include <cstdio>
#include <iostream>
#include <string>

std::string addMinutes(const std::string& clock, long long offset) {
    long long total = std::stoll(clock.substr(0, 2)) * 60 + std::stoll(clock.substr(3, 2)) + offset;
    total = ((total % 1440) + 1440) % 1440;
    char buf[8];
    std::snprintf(buf, sizeof buf, "%02lld:%02lld", total / 60, total % 60);
    return buf;
}

int main() {
    int q = 0;
    std::cin >> q;
    for (int i = 0; i < q; i++) {
        std::string clock;
        long long offset;
        std::cin >> clock >> offset;
        std::cout << addMinutes(clock, offset) << "\n";
    }
    return 0;
}
