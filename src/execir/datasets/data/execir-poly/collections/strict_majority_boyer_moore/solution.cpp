#include <iostream>
#include <vector>

bool majority(const std::vector<long long>& items, long long& result) {
    long long candidate = 0;
    int votes = 0;
    for (long long item : items) {
        if (votes == 0) {
            candidate = item;
            votes = 1;
        } else if (item == candidate) {
            votes++;
        } else {
            votes--;
        }
    }
    long long count = 0;
    for (long long item : items) if (item == candidate) count++;
    result = candidate;
    return count * 2 > (long long)items.size();
}

int main() {
    int n = 0;
    std::cin >> n;
    std::vector<long long> items(n);
    for (int i = 0; i < n; i++) std::cin >> items[i];
    long long result;
    if (majority(items, result)) std::cout << result << "\n";
    else std::cout << "none\n";
    return 0;
}
