#include <iostream>
#include <string>

std::string weekdayName(int year, int month, int day) {
    static const char* names[] = {"Saturday", "Sunday", "Monday", "Tuesday",
                                  "Wednesday", "Thursday", "Friday"};
    if (month < 3) {
        month += 12;
        year -= 1;
    }
    int k = year % 100;
    int j = year / 100;
    int h = (day + (13 * (month + 1)) / 5 + k + k / 4 + j / 4 + 5 * j) % 7;
    return names[h];
}

int main() {
    int q = 0;
    std::cin >> q;
    for (int i = 0; i < q; i++) {
        int y, m, d;
        std::cin >> y >> m >> d;
        std::cout << weekdayName(y, m, d) << "\n";
    }
    return 0;
}
