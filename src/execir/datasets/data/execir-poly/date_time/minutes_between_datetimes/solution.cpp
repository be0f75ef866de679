#include <iostream>
#include <string>

long long daysFromCivil(long long y, long long m, long long d) {
    y -= m <= 2;
    long long era = y / 400, yoe = y - era * 400;
    long long doy = (153 * ((m + 9) % 12) + 2) / 5 + d - 1;
    return era * 146097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719468;
}

long long toMinutes(const std::string& date, const std::string& clock) {
    long long days = daysFromCivil(std::stoll(date.substr(0, 4)), std::stoll(date.substr(5, 2)),
                                   std::stoll(date.substr(8, 2)));
    return days * 1440 + std::stoll(clock.substr(0, 2)) * 60 + std::stoll(clock.substr(3, 2));
}

int main() {
    int q = 0;
    std::cin >> q;
    for (int i = 0; i < q; i++) {
        std::string a, b, c, d;
        std::cin >> a >> b >> c >> d;
        std::cout << toMinutes(c, d) - toMinutes(a, b) << "\n";
    }
    return 0;
}
