#include <cstdio>
#include <iostream>

long long daysFromCivil(long long y, long long m, long long d) {
    y -= m <= 2;
    long long era = y / 400, yoe = y - era * 400;
    long long doy = (153 * ((m + 9) % 12) + 2) / 5 + d - 1;
    return era * 146097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719468;
}

void isoWeek(int year, int month, int day, int& weekYear, int& week) {
    long long days = daysFromCivil(year, month, day);
    long long thursday = days - ((days + 3) % 7 + 7) % 7 + 3;
    weekYear = year;
    if (thursday < daysFromCivil(year, 1, 1)) weekYear--;
    else if (thursday >= daysFromCivil(year + 1, 1, 1)) weekYear++;
    week = (int)((thursday - daysFromCivil(weekYear, 1, 1)) / 7 + 1);
}

int main() {
    int q = 0;
    std::cin >> q;
    for (int i = 0; i < q; i++) {
        int y, m, d, weekYear, week;
        std::cin >> y >> m >> d;
        isoWeek(y, m, d, weekYear, week);
        std::printf("%04d-W%02d\n", weekYear, week);
    }
    return 0;
}
