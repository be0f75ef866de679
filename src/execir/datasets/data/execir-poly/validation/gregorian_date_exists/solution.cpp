#include <iostream>

bool dateExists(int year, int month, int day) {
    if (year < 1 || month < 1 || month > 12 || day < 1) return false;
    bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    int limit;
    if (month == 2) limit = leap ? 29 : 28;
    else if (month == 4 || month == 6 || month == 9 || month == 11) limit = 30;
    else limit = 31;
    return day <= limit;
}

int main() {
    int y, m, d;
    while (std::cin >> y >> m >> d) {
        std::cout << (dateExists(y, m, d) ? "valid" : "invalid") << "\n";
    }
    return 0;
}
