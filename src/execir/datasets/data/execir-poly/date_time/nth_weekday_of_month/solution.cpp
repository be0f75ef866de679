#include <iostream>

long long daysFromCivil(long long y, long long m, long long d) {
    y -= m <= 2;
    long long era = y / 400, yoe = y - era * 400;
    long long doy = (153 * ((m + 9) % 12) + 2) / 5 + d - 1;
    return era * 146097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719468;
}

int nthWeekday(int year, int month, int weekday, int n) {
    int lengths[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)) lengths[1] = 29;
    int first = (int)(((daysFromCivil(year, month, 1) + 3) % 7 + 7) % 7);
    int day = 1 + ((weekday - first) % 7 + 7) % 7 + 7 * (n - 1);
    return day <= lengths[month - 1] ? day : -1;
}

int main() {
    int q = 0;
    std::cin >> q;
    for (int i = 0; i < q; i++) {
        int y, m, w, n;
        std::cin >> y >> m >> w >> n;
        int day = nthWeekday(y, m, w, n);
        if (day < 0) std::cout << "none\n";
        else std::cout << day << "\n";
    }
    return 0;
}
