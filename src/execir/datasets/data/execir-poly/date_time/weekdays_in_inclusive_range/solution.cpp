#include <iostream>
#include <string>

long long daysFromCivil(long long y, long long m, long long d) {
    y -= m <= 2;
    long long era = y / 400;
    long long yoe = y - era * 400;
    long long doy = (153 * ((m + 9) % 12) + 2) / 5 + d - 1;
    return era * 146097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719468;
}

long long parse(const std::string& iso) {
    return daysFromCivil(std::stoll(iso.substr(0, 4)), std::stoll(iso.substr(5, 2)),
                         std::stoll(iso.substr(8, 2)));
}

int businessDays(const std::string& start, const std::string& end) {
    int count = 0;
    for (long long day = parse(start); day <= parse(end); day++) {
        if (((day + 3) % 7 + 7) % 7 < 5) count++;
    }
    return count;
}

int main() {
    int q = 0;
    std::cin >> q;
    for (int i = 0; i < q; i++) {
        std::string start, end;
        std::cin >> start >> end;
        std::cout << businessDays(start, end) << "\n";
    }
    return 0;
}
