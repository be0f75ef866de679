#include <iostream>

int dayOfYear(int year, int month, int day) {
    int lengths[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)) lengths[1] = 29;
    if (month < 1 || month > 12 || day < 1 || day > lengths[month - 1]) return -1;
    int total = 0;
    for (int i = 0; i < month - 1; i++) total += lengths[i];
    return total + day;
}

int main() {
    int q = 0;
    std::cin >> q;
    for (int i = 0; i < q; i++) {
        int y, m, d;
        std::cin >> y >> m >> d;
        int result = dayOfYear(y, m, d);
        if (result < 0) std::cout << "invalid\n";
        else std::cout << result << "\n";
    }
    return 0;
}
