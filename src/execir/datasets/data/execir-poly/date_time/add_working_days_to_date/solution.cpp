#include <cstdio>
#include <iostream>
#include <string>

long long daysFromCivil(long long y, long long m, long long d) {
    y -= m <= 2;
    long long era = y / 400, yoe = y - era * 400;
    long long doy = (153 * ((m + 9) % 12) + 2) / 5 + d - 1;
    return era * 146097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719468;
}

std::string civilFromDays(long long z) {
    z += 719468;
    long long era = z / 146097, doe = z - era * 146097;
    long long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    long long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    long long mp = (5 * doy + 2) / 153;
    long long d = doy - (153 * mp + 2) / 5 + 1;
    long long m = mp < 10 ? mp + 3 : mp - 9;
    char buf[16];
    std::snprintf(buf, sizeof buf, "%04lld-%02lld-%02lld", yoe + era * 400 + (m <= 2), m, d);
    return buf;
}

std::string addWorkingDays(const std::string& start, int n) {
    long long day = daysFromCivil(std::stoll(start.substr(0, 4)), std::stoll(start.substr(5, 2)),
                                  std::stoll(start.substr(8, 2)));
    while (n > 0) {
        day++;
        if (((day + 3) % 7 + 7) % 7 < 5) n--;
    }
    return civilFromDays(day);
}

int main() {
    int q = 0;
    std::cin >> q;
    for (int i = 0; i < q; i++) {
        std::string start;
        int n;
        std::cin >> start >> n;
        std::cout << addWorkingDays(start, n) << "\n";
    }
    return 0;
}
